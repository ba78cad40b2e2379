import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TCampaign, TCampaignTotals } from '@hireflow/contracts/candidates-campaigns';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

// The templates page's rich-text editor (tiptap) as a plain textarea; insert() appends where the cursor would be at the end.
vi.mock('@/features/mail/components/rich-text-field-editor', async () => {
  const { useEffect } = await import('react');
  return {
    default: ({ label, value, onChange, onReady }: { label: string; value: string; onChange: (v: string) => void; onReady?: (i: { insert: (t: string) => void }) => void }) => {
      useEffect(() => {
        onReady?.({ insert: (t) => onChange(`${(document.querySelector(`textarea[aria-label="${label}"]`) as HTMLTextAreaElement).value}${t}`) });
      });
      return <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
    },
  };
});

const http = mockHttp();

const ids = ['64e000000000000000000001', '64e000000000000000000002'];
const campaignId = '64f000000000000000000001';
const totals = (over: Partial<TCampaignTotals> = {}): TCampaignTotals => ({ recipients: 2, queued: 2, sent: 0, failed: 0, bounced: 0, skipped_unsubscribed: 0, ...over });
const template = { id: '64c000000000000000000001', kind: 'campaign', name: 'Reconnect', subject: 'Hello {{candidate.firstName}}', body: 'Hi {{candidate.firstName}}, we have {{job.title}} for you.', updatedAt: '2026-11-01T00:00:00.000Z' };

function campaign(over: Partial<TCampaign> = {}): TCampaign {
  return {
    id: campaignId,
    name: 'Winter hiring',
    subject: template.subject,
    body: template.body,
    status: 'draft',
    totals: totals(),
    scheduledAt: null,
    sentAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: { id: 'u', name: 'Rita Recruiter' },
    templateId: template.id,
    job: null,
    recipients: {
      items: [
        { candidateId: ids[0]!, name: 'Ann Lee', email: 'ann@example.test', status: 'queued', sentAt: null, error: '' },
        { candidateId: ids[1]!, name: 'Bo Chen', email: 'bo@example.test', status: 'queued', sentAt: null, error: '' },
      ],
      total: 2,
      page: 1,
      pageSize: 50,
    },
    ...over,
  };
}

function signInAsRecruiter() {
  const session = signIn({ role: 'recruiter' });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}

describe('/database-campaign', () => {
  it('shows an empty state, then a campaign with its totals', async () => {
    signInAsRecruiter();
    http.onGet('/api/campaigns').replyOnce(200, { items: [], total: 0 });
    const { router } = renderWithProviders(null, { route: '/database-campaign' });
    expect(await screen.findByText('No campaigns yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New campaign' })).toHaveAttribute('href', '/database-campaign/new');

    const { recipients: _r, body: _b, templateId: _t, job: _j, ...summary } = campaign({ status: 'sent', totals: totals({ queued: 0, sent: 1, bounced: 1 }) });
    http.onGet('/api/campaigns').reply(200, { items: [summary], total: 1 });
    await act(() => router.navigate('/dashboard'));
    await act(() => router.navigate('/database-campaign'));
    const row = (await screen.findByRole('link', { name: 'Winter hiring' })).closest('tr')!;
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    expect(row).toHaveTextContent(/by Rita Recruiter/);
  });

  it('takes candidates from a search through message, preview and send to the sent campaign', async () => {
    signInAsRecruiter();
    http.onGet('/api/campaigns').reply(200, { items: [], total: 0 });
    http.onGet('/api/mail/templates').reply(200, { items: [template] });
    http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 100 });
    let created: unknown = null;
    http.onPost('/api/campaigns').reply((config) => {
      created = JSON.parse(config.data);
      return [201, campaign()];
    });
    const previews: string[] = [];
    http.onGet(`/api/campaigns/${campaignId}/preview`).reply((config) => {
      const who = (config.params as { candidateId?: string }).candidateId ?? ids[0]!;
      previews.push(who);
      const name = who === ids[0] ? 'Ann' : 'Bo';
      return [200, { candidateId: who, to: `${name.toLowerCase()}@example.test`, subject: `Hello ${name}`, html: `<p>Hi ${name}</p>`, text: `Hi ${name}` }];
    });
    let sent: unknown = null;
    http.onPost(`/api/campaigns/${campaignId}/send`).reply((config) => {
      sent = JSON.parse(config.data);
      return [200, campaign({ status: 'sending' })];
    });
    http
      .onGet(`/api/campaigns/${campaignId}`)
      .reply(200, campaign({ status: 'sent', totals: totals({ queued: 0, sent: 2 }), recipients: { ...campaign().recipients, items: campaign().recipients.items.map((r) => ({ ...r, status: 'sent', sentAt: '2026-11-20T10:01:00.000Z' })) } }));

    const { router } = renderWithProviders(null, { route: '/database-campaign' });
    await screen.findByText('No campaigns yet.');
    await act(() => router.navigate('/database-campaign', { state: { candidateIds: ids } }));
    expect(await screen.findByText('2 candidates from your selection.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.type(await screen.findByRole('textbox', { name: 'Campaign name' }), 'Winter hiring');
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Reconnect', hidden: true }));
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hello {{candidate.firstName}}');
    const body = screen.getByRole('textbox', { name: 'Message' });
    await user.click(body);
    await user.keyboard('{End}');
    await user.click(screen.getByRole('button', { name: /Insert \{\{sender\.name\}\}/ }));
    expect(body).toHaveValue(`${template.body}{{sender.name}}`);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(created).toEqual({ name: 'Winter hiring', templateId: template.id, subject: template.subject, body: `${template.body}{{sender.name}}`, jobId: null, candidateIds: ids }));
    expect(await screen.findByText('Subject: Hello Ann')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Preview for' }));
    await user.click(await screen.findByRole('option', { name: 'Bo Chen <bo@example.test>', hidden: true }));
    expect(await screen.findByText('Subject: Hello Bo')).toBeInTheDocument();
    expect(screen.getByTitle('Mail preview')).toHaveAttribute('sandbox', '');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('radio', { name: 'Send now' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send campaign' }));
    await waitFor(() => expect(sent).toEqual({ scheduledAt: null }));
    expect(await screen.findByRole('heading', { name: 'Winter hiring', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/database-campaign/${campaignId}`);
    const totalsList = screen.getByLabelText('Totals');
    expect(within(totalsList).getByText('Sent').nextSibling).toHaveTextContent('2');
    expect(screen.getAllByText('Sent').length).toBeGreaterThan(2);
  });

  it('follows a campaign while it is sent (polling) and offers to cancel it', async () => {
    signInAsRecruiter();
    const items = campaign().recipients.items;
    http
      .onGet(`/api/campaigns/${campaignId}`)
      .replyOnce(200, campaign({ status: 'sending', totals: totals({ queued: 1, sent: 1 }), recipients: { ...campaign().recipients, items: [{ ...items[0]!, status: 'sent', sentAt: '2026-11-20T10:01:00.000Z' }, items[1]!] } }))
      .onGet(`/api/campaigns/${campaignId}`)
      .reply(200, campaign({ status: 'sent', totals: totals({ queued: 0, sent: 1, bounced: 1 }), recipients: { ...campaign().recipients, items: [{ ...items[0]!, status: 'sent', sentAt: '2026-11-20T10:01:00.000Z' }, { ...items[1]!, status: 'bounced', error: 'SMTP 550: No such user' }] } }));
    renderWithProviders(null, { route: `/database-campaign/${campaignId}` });
    expect(await screen.findByText('Sending: 1 of 2 done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sending progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel campaign' })).toBeInTheDocument();
    // The page asks again by itself; once sent, the bounce shows with its reason and cancelling is gone.
    expect(await screen.findByText('SMTP 550: No such user')).toBeInTheDocument();
    expect(screen.queryByText(/Sending: /)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel campaign' })).toBeNull();
    expect(within(screen.getByText('Bo Chen').closest('tr')!).getByText('Bounced')).toBeInTheDocument();
  });

  it('shows why the message was refused (unknown merge field)', async () => {
    signInAsRecruiter();
    http.onGet('/api/mail/templates').reply(200, { items: [] });
    http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 100 });
    http.onGet('/api/candidates').reply(200, { items: [{ id: ids[0], firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test', currentTitle: 'Engineer' }], total: 1 });
    http.onPost('/api/campaigns').reply(400, { code: 'bad_request', message: 'Unknown merge field: {{salary}}. Use only: …' });
    renderWithProviders(null, { route: '/database-campaign/new' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Find candidates to add/ }), 'ann');
    await user.click(await screen.findByRole('button', { name: 'Add Ann Lee <ann@example.test>' }));
    expect(screen.getByText('1 recipient picked (at most 1000 at a time).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'Campaign name' }), 'x');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Pay: {{{{}salary}}');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown merge field: {{salary}}.');
  });
});

describe('/company-settings/templates/campaign', () => {
  it('saves a new template and shows an unknown merge field refusal', async () => {
    signInAsRecruiter();
    http.onGet('/api/mail/templates').replyOnce(200, { items: [] }).onGet('/api/mail/templates').reply(200, { items: [template] });
    const bodies: unknown[] = [];
    http
      .onPost('/api/mail/templates')
      .replyOnce(400, { code: 'bad_request', message: 'Unknown merge field: {{candidate.age}}. Use only: …' })
      .onPost('/api/mail/templates')
      .reply((config) => {
        bodies.push(JSON.parse(config.data));
        return [201, template];
      });
    renderWithProviders(null, { route: '/company-settings/templates/campaign' });
    expect(await screen.findByText('No campaign templates yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New template' }));
    await user.type(screen.getByRole('textbox', { name: 'Template name' }), 'Reconnect');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi {{{{}candidate.age}}');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown merge field: {{candidate.age}}.');
    const body = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(body);
    await user.type(body, 'Hi ');
    await user.click(body);
    await user.click(screen.getByRole('combobox', { name: /Insert a merge field/ }));
    await user.click(await screen.findByRole('option', { name: /^\{\{candidate\.firstName\}\}/ }));
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(bodies).toEqual([{ kind: 'campaign', name: 'Reconnect', subject: 'Hello', body: 'Hi {{candidate.firstName}}' }]));
    expect(await screen.findByText('Template saved.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Reconnect/ })).toBeInTheDocument();
  });
});
