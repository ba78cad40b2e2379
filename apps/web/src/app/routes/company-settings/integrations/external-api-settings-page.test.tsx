import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TApiKeyItem, TWebhookDelivery, TWebhookView } from '@hireflow/contracts/api-access';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const base = '/company-settings/external-api-settings';
const T = { timeout: 5000 };
const id = (n: string) => n.padStart(24, 'a');
const admin = { id: id('u1'), name: 'Ada Admin', email: 'ada@example.test' };

function signInAdmin() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}
const key = (n: string, over: Partial<TApiKeyItem> = {}): TApiKeyItem => ({
  id: id(n),
  name: `Key ${n}`,
  prefix: `Pre${n}xxxx`.slice(0, 8),
  scopes: ['jobs:read'],
  createdBy: admin,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});
const hook = (n: string, over: Partial<TWebhookView> = {}): TWebhookView => ({
  id: id(n),
  url: `https://hooks.example.com/${n}`,
  events: ['application.created'],
  active: true,
  createdBy: admin,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  lastDelivery: null,
  ...over,
});
const delivery = (n: string, over: Partial<TWebhookDelivery> = {}): TWebhookDelivery => ({
  id: id(n),
  eventId: `evt_${n}`,
  event: 'application.created',
  attempt: 1,
  status: 'succeeded',
  responseCode: 200,
  error: '',
  durationMs: 12,
  createdAt: '2026-11-02T10:00:00.000Z',
  nextAttemptAt: null,
  attempts: [],
  resentFrom: null,
  ...over,
});

describe(base, () => {
  it('creates a key with scopes, shows it once with a copy button, and revokes a key after confirmation', async () => {
    signInAdmin();
    let items = [key('1', { lastUsedAt: '2026-11-20T08:00:00.000Z' })];
    http.onGet('/api/api-keys').reply(() => [200, { items }]);
    let sent: unknown = null;
    const fullKey = 'hf_live_NewKey12_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
    http.onPost('/api/api-keys').reply((config) => {
      sent = JSON.parse(config.data as string);
      const created = key('2', { name: 'ERP sync', prefix: 'NewKey12', scopes: ['jobs:read', 'candidates:write'] });
      items = [created, ...items];
      return [201, { key: created, fullKey }];
    });
    let revoked = '';
    http.onDelete(`/api/api-keys/${id('1')}`).reply(() => {
      revoked = id('1');
      items = items.map((k) => (k.id === id('1') ? { ...k, revokedAt: '2026-11-24T10:00:00.000Z' } : k));
      return [200, items.find((k) => k.id === id('1'))];
    });

    renderWithProviders(null, { route: base });
    const table = await screen.findByRole('table', { name: 'API keys' }, T);
    expect(within(table).getByText('Key 1')).toBeInTheDocument();
    expect(within(table).getByText('hf_live_Pre1xxxx_…')).toBeInTheDocument();
    expect(within(table).getByText('Ada Admin')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' }, T);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'ERP sync');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read jobs/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Create and update candidates/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' }, T);
    expect(sent).toEqual({ name: 'ERP sync', scopes: ['jobs:read', 'candidates:write'] });
    expect(within(shown).getByText(fullKey)).toBeInTheDocument();
    expect(within(shown).getByText(/only time the key "ERP sync" is shown/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(fullKey)).toBeNull());
    expect(await within(table).findByText('ERP sync', {}, T)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke Key 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Key 1?' }, T);
    expect(revoked).toBe('');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Key 1 was revoked: calls with it are refused from now on.', {}, T)).toBeInTheDocument();
    expect(revoked).toBe(id('1'));
    expect(await within(table).findByText(/^Revoked/, {}, T)).toBeInTheDocument();
  });

  it('says what to do when there are no keys, and how to get the API when the plan lacks it', async () => {
    signInAdmin();
    http.onGet('/api/api-keys').replyOnce(200, { items: [] });
    const { unmount } = renderWithProviders(null, { route: base });
    expect(await screen.findByText(/No API keys yet. Create one/, {}, T)).toBeInTheDocument();
    unmount();

    http.onGet('/api/webhooks').reply(403, { code: 'plan_required', message: 'Public API and webhooks are not in your Growth plan.' });
    renderWithProviders(null, { route: `${base}/webhooks` });
    expect(await screen.findByText('Public API and webhooks are not in your Growth plan.', {}, T)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans on the Subscription page' })).toHaveAttribute('href', '/company-settings/Subscription');
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeDisabled();
  });

  it('adds a webhook and shows its secret once; tests it; shows its delivery log and resends a failed delivery', async () => {
    signInAdmin();
    let items: TWebhookView[] = [];
    http.onGet('/api/webhooks').reply(() => [200, { items }]);
    let sent: unknown = null;
    http.onPost('/api/webhooks').reply((config) => {
      sent = JSON.parse(config.data as string);
      items = [hook('1', { url: 'https://erp.example.com/hooks', events: ['application.created', 'candidate.hired'] })];
      return [201, { webhook: items[0], secret: 'whsec_shown_once_secret' }];
    });
    http.onPost(`/api/webhooks/${id('1')}/test`).reply(200, delivery('t1', { event: 'webhook.test' }));
    const failed = delivery('d1', { status: 'failed', responseCode: 500, attempt: 6, error: 'The receiver answered 500' });
    let log = [failed];
    http.onGet(new RegExp(`/api/webhooks/${id('1')}/deliveries\\?page=1$`)).reply(() => [200, { items: log, total: log.length, page: 1, pageSize: 25 }]);
    let resent = false;
    http.onPost(`/api/webhooks/${id('1')}/deliveries/${id('d1')}/resend`).reply(() => {
      resent = true;
      const again = delivery('d2', { resentFrom: id('d1'), responseCode: 204 });
      log = [again, ...log];
      return [200, again];
    });

    renderWithProviders(null, { route: `${base}/webhooks` });
    expect(await screen.findByText(/No webhooks yet. Add one/, {}, T)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' }, T);
    const address = within(dialog).getByRole('textbox', { name: /Address/ });
    await user.clear(address);
    await user.type(address, 'https://erp.example.com/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: /application.created/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /candidate.hired/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('whsec_shown_once_secret', {}, T)).toBeInTheDocument();
    expect(sent).toEqual({ url: 'https://erp.example.com/hooks', events: ['application.created', 'candidate.hired'], active: true });
    expect(within(dialog).getByText(/only time this secret is shown/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    const table = await screen.findByRole('table', { name: 'Webhooks' }, T);
    expect(within(table).getByText('https://erp.example.com/hooks')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Send a test event to https://erp.example.com/hooks' }));
    expect(await screen.findByText('Test event sent: the receiver answered 200.', {}, T)).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Deliveries of https://erp.example.com/hooks' }));
    const deliveries = await screen.findByRole('table', { name: 'Deliveries' }, T);
    expect(within(deliveries).getByText('Failed')).toBeInTheDocument();
    expect(within(deliveries).getByText('500')).toBeInTheDocument();
    expect(within(deliveries).getByText('The receiver answered 500')).toBeInTheDocument();
    await user.click(within(deliveries).getByRole('button', { name: /^Resend application.created/ }));
    expect(await screen.findByText('Resent: the receiver answered 204.', {}, T)).toBeInTheDocument();
    expect(resent).toBe(true);
    expect(await within(deliveries).findByText('Succeeded', {}, T)).toBeInTheDocument();
    expect(within(deliveries).getByText('204')).toBeInTheDocument();
  });

  it('edits a webhook (turns it off) and makes a new secret after confirmation', async () => {
    signInAdmin();
    let items = [hook('5', { url: 'https://crm.example.com/in', events: ['offer.accepted'] })];
    http.onGet('/api/webhooks').reply(() => [200, { items }]);
    let saved: unknown = null;
    http.onPut(`/api/webhooks/${id('5')}`).reply((config) => {
      saved = JSON.parse(config.data as string);
      items = [{ ...items[0]!, active: false }];
      return [200, items[0]];
    });
    let rotated = false;
    http.onPost(`/api/webhooks/${id('5')}/rotate-secret`).reply(() => {
      rotated = true;
      return [200, { webhook: items[0], secret: 'whsec_brand_new' }];
    });

    renderWithProviders(null, { route: `${base}/webhooks` });
    const table = await screen.findByRole('table', { name: 'Webhooks' }, T);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Edit https://crm.example.com/in' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit webhook' }, T);
    expect(within(dialog).getByRole('checkbox', { name: /offer.accepted/ })).toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: 'Send events to this address' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText('The webhook to https://crm.example.com/in was saved.', {}, T)).toBeInTheDocument();
    expect(saved).toEqual({ url: 'https://crm.example.com/in', events: ['offer.accepted'], active: false });
    expect(await within(table).findByText('Off', {}, T)).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Send a test event to https://crm.example.com/in' })).toBeDisabled();

    await user.click(within(table).getByRole('button', { name: 'Edit https://crm.example.com/in' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit webhook' }, T);
    await user.click(within(dialog).getByRole('button', { name: 'Lost the secret? Make a new one' }));
    expect(rotated).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Make a new secret' }));
    expect(await within(dialog).findByText('whsec_brand_new', {}, T)).toBeInTheDocument();
    expect(rotated).toBe(true);
  });
});
