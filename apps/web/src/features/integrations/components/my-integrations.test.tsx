import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { IntegrationsApi } from '@hireflow/contracts/integrations';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { providerRedirect } from '../api/connect-integration';
import { buildConnection, buildMyIntegrations } from '../test/build-integrations';

const http = mockHttp();
const Page = '/user-preferences/myintegrations';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

function signInAs(admin = false) {
  const session = signIn({ admin });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [] });
  return session;
}

async function openPage() {
  const view = renderWithProviders(null, { route: Page });
  await screen.findByRole('heading', { name: 'My integrations', level: 1 });
  return view;
}

const section = (name: string) => screen.findByRole('region', { name });

describe('My integrations', () => {
  it('with no provider configured, explains what an administrator sets and offers no Connect button', async () => {
    signInAs();
    http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations({ providers: { google: false, microsoft: false } }));
    await openPage();
    expect(await screen.findByText('Mailbox and calendar connections are not set up')).toBeInTheDocument();
    for (const name of ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET']) expect(screen.getByText(name)).toBeInTheDocument();
    expect(screen.getByText(/see \.env\.example/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Connect/ })).toBeNull();
  });

  it('configured and not connected: each service lists its providers with Connect; a missing provider is explained', async () => {
    signInAs();
    http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations({ providers: { google: true, microsoft: false } }));
    await openPage();
    const mailbox = await section('Mailbox');
    const gmail = within(mailbox).getByRole('row', { name: /Gmail/ });
    expect(within(gmail).getByText('Not connected')).toBeInTheDocument();
    expect(within(mailbox).getByRole('button', { name: 'Connect Gmail' })).toBeInTheDocument();
    expect(within(mailbox).queryByRole('row', { name: /Outlook/ })).toBeNull();
    expect(within(await section('Calendar')).getByRole('button', { name: 'Connect Google Calendar' })).toBeInTheDocument();
    expect(screen.getByText(/Microsoft is not set up here/)).toBeInTheDocument();
    expect(screen.getByText('MICROSOFT_CLIENT_ID')).toBeInTheDocument();
  });

  it('connect posts the service, provider and this page as returnTo, then goes to the provider', async () => {
    signInAs();
    const go = vi.spyOn(providerRedirect, 'go').mockImplementation(() => {});
    http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations());
    let sent: unknown = null;
    http.onPost(IntegrationsApi.connect).reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { url: 'https://login.microsoftonline.test/authorize?state=abc' }];
    });
    await openPage();
    await userEvent.setup().click(within(await section('Calendar')).getByRole('button', { name: 'Connect Outlook calendar' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://login.microsoftonline.test/authorize?state=abc'));
    expect(sent).toEqual({ service: 'calendar', provider: 'microsoft', returnTo: Page });
  });

  it('a refused connect shows why and does not leave the page', async () => {
    signInAs();
    const go = vi.spyOn(providerRedirect, 'go').mockImplementation(() => {});
    http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations());
    http.onPost(IntegrationsApi.connect).reply(429, { code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' });
    await openPage();
    await userEvent.setup().click(within(await section('Mailbox')).getByRole('button', { name: 'Connect Gmail' }));
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('connected: shows the address and since when, with Disconnect and no Connect for that provider', async () => {
    signInAs();
    http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations({ connections: [buildConnection()] }));
    await openPage();
    const gmail = within(await section('Mailbox')).getByRole('row', { name: /Gmail/ });
    expect(within(gmail).getByText('rita@gmail.test')).toBeInTheDocument();
    expect(within(gmail).getByText(new Date('2026-11-02T09:00:00.000Z').toLocaleDateString())).toBeInTheDocument();
    expect(within(gmail).getByText('Connected')).toBeInTheDocument();
    expect(within(gmail).getByRole('button', { name: 'Disconnect Gmail' })).toBeInTheDocument();
    expect(within(gmail).queryByRole('button', { name: 'Connect Gmail' })).toBeNull();
  });

  it('expired with an error: says so in words and offers Reconnect; the warning says mail went out from the company address', async () => {
    signInAs();
    const broken = buildConnection({ status: 'expired', lastError: 'Google refused to refresh the access (it was revoked).', lastErrorAt: '2026-11-20T08:00:00.000Z' });
    http.onGet(IntegrationsApi.mine).reply(
      200,
      buildMyIntegrations({
        connections: [broken],
        warnings: [{ connectionId: broken.id, label: 'Gmail', message: "Your Gmail connection stopped working, so mail you sent went out from the company's address instead. Reconnect it in My integrations.", at: '2026-11-20T08:05:00.000Z' }],
      }),
    );
    await openPage();
    const gmail = within(await section('Mailbox')).getByRole('row', { name: /Gmail/ });
    expect(within(gmail).getByText('Expired — reconnect')).toBeInTheDocument();
    expect(within(gmail).getByText(/Google refused to refresh the access/)).toBeInTheDocument();
    expect(within(gmail).getByRole('button', { name: 'Reconnect Gmail' })).toBeInTheDocument();
    const warning = screen.getByRole('alert', { name: /Gmail: mail went out from the company's address/ });
    expect(warning).toHaveTextContent('Your Gmail connection stopped working');
  });

  it('disconnect asks first, then the list refreshes and says Microsoft could not revoke', async () => {
    signInAs();
    const outlook = buildConnection({ service: 'calendar', provider: 'microsoft', label: 'Outlook calendar', account: 'rita@contoso.test' });
    let connections = [outlook];
    http.onGet(IntegrationsApi.mine).reply(() => [200, buildMyIntegrations({ connections })]);
    const deleted: string[] = [];
    http.onDelete(`/api/integrations/connections/${outlook.id}`).reply((config) => {
      deleted.push(config.url ?? '');
      connections = [];
      return [200, { message: 'Disconnected.', revoked: false }];
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(within(await section('Calendar')).getByRole('button', { name: 'Disconnect Outlook calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Outlook calendar?' });
    expect(deleted).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(/Microsoft cannot revoke the access it granted from here, so the token was deleted here/)).toBeInTheDocument();
    expect(deleted).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Calendar' })).getByRole('button', { name: 'Connect Outlook calendar' })).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancelling the confirmation disconnects nothing', async () => {
    signInAs();
    http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations({ connections: [buildConnection()] }));
    await openPage();
    const user = userEvent.setup();
    await user.click(within(await section('Mailbox')).getByRole('button', { name: 'Disconnect Gmail' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.history.delete).toHaveLength(0);
  });

  it('a failed load says so', async () => {
    signInAs();
    http.onGet(IntegrationsApi.mine).reply(403, { code: 'forbidden', message: 'You do not have access to this.' });
    await openPage();
    expect(await screen.findByText('You do not have access to this.')).toBeInTheDocument();
  });

  it('company sending addresses: hidden for a non-admin (never asked for)', async () => {
    signInAs(false);
    http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations());
    await openPage();
    await section('Mailbox');
    expect(screen.queryByRole('region', { name: 'Company sending addresses' })).toBeNull();
    expect(http.history.get.filter((r) => r.url === IntegrationsApi.sharedAddresses)).toHaveLength(0);
  });

  it('company sending addresses: an admin sees them, adds one through the provider and disconnects one', async () => {
    signInAs(true);
    const go = vi.spyOn(providerRedirect, 'go').mockImplementation(() => {});
    http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations());
    const careers = buildConnection({ id: '64c000000000000000000009', owner: 'shared', sharedEmail: 'careers@acme.test', account: 'careers@acme.test', userId: null });
    http.onGet(IntegrationsApi.sharedAddresses).reply(200, [careers]);
    let sent: unknown = null;
    http.onPost(IntegrationsApi.connect).reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { url: 'https://accounts.google.test/o/oauth2/auth?state=s' }];
    });
    http.onDelete(`/api/integrations/connections/${careers.id}`).reply(200, { message: 'Disconnected.', revoked: true });
    await openPage();
    const shared = await section('Company sending addresses');
    expect(await within(shared).findByRole('row', { name: /careers@acme\.test/ })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(shared).getByRole('button', { name: 'Connect address' }));
    expect(await within(shared).findByText('Enter the address, e.g. careers@yourcompany.com')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(within(shared).getByRole('textbox', { name: 'Sending address' }), 'Jobs@Acme.test');
    await user.click(within(shared).getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'Microsoft' }));
    await user.click(within(shared).getByRole('button', { name: 'Connect address' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://accounts.google.test/o/oauth2/auth?state=s'));
    expect(sent).toEqual({ service: 'shared-mailbox', provider: 'microsoft', email: 'jobs@acme.test', returnTo: Page });

    await user.click(within(shared).getByRole('button', { name: 'Disconnect careers@acme.test' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(/Google revoked its access/)).toBeInTheDocument();
  });
});
