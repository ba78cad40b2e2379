import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { agencyId, ann, backend, buildAgency, pendingChain } from '@/features/agencies/test/agency-factories';

const http = mockHttp();
const url = `/api/agencies/${agencyId}`;
const timeout = { timeout: 5000 };

async function openPage() {
  renderWithProviders(null, { route: `/agency-approval/${agencyId}` });
  expect(await screen.findByRole('heading', { level: 1, name: 'Agency: TalentBridge' }, timeout)).toBeInTheDocument();
  return userEvent.setup();
}

describe('/agency-approval/:agencyId', () => {
  it("shows the agency's terms, the chain and the history, with nothing to decide for a bystander", async () => {
    signIn({ role: 'recruiter' });
    http.onGet(url).reply(200, buildAgency({ status: 'pending' }));
    await openPage();
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Agency' });
    const row = (label: string) => within(terms).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Contact')).toHaveTextContent('Tara Bridge (tara@talentbridge.test)');
    expect(row('Fee')).toHaveTextContent('17.5% of the base salary');
    expect(row('Guarantee')).toHaveTextContent('90 days');
    expect(row('Jobs')).toHaveTextContent(backend.name);
    expect(row('Candidates per job')).toHaveTextContent('5');
    expect(row('Invited by')).toHaveTextContent('Rita Recruiter');
    const steps = screen.getByRole('region', { name: 'Approval chain' });
    expect(within(steps).getByText('1. Ann Approver').parentElement).toHaveTextContent('Deciding now');
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('Submitted by Rita Recruiter')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('lets the current approver approve, through the approvals API', async () => {
    signIn({ role: 'recruiter' });
    let current = buildAgency({ status: 'pending' }, { canDecide: true });
    http.onGet(url).reply(() => [200, current]);
    const sent: unknown[] = [];
    http.onPost(`/api/approvals/agency/${agencyId}/decision`).reply((config) => {
      sent.push(JSON.parse(config.data as string));
      current = buildAgency(
        { status: 'pending' },
        { steps: [{ ...pendingChain.steps[0]!, state: 'approved' }, { ...pendingChain.steps[1]!, state: 'current' }], history: [...pendingChain.history, { round: 1, action: 'approved', by: ann, comment: 'Good terms', at: '2026-11-21T09:00:00.000Z' }] },
      );
      return [204];
    });
    const user = await openPage();
    const form = screen.getByRole('region', { name: 'Your decision' });
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(await within(form).findByText('Tell the requester why you reject it')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Good terms');
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toEqual([{ decision: 'approve', comment: 'Good terms' }]));
    expect(await screen.findByText('Approved by Ann Approver', {}, timeout)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your decision' })).not.toBeInTheDocument());
    expect(screen.getByText('2. Bob Boss').parentElement).toHaveTextContent('Deciding now');
  });

  it('lets the requester withdraw the invitation', async () => {
    signIn({ role: 'recruiter' });
    let current = buildAgency({ status: 'pending' }, { canWithdraw: true });
    http.onGet(url).reply(() => [200, current]);
    let sent: unknown = null;
    http.onPost(`/api/approvals/agency/${agencyId}/withdraw`).reply((config) => {
      sent = JSON.parse(config.data as string);
      current = buildAgency({ status: 'withdrawn', can: { edit: false, pause: false, resume: false } }, { status: 'withdrawn', steps: [], history: [...pendingChain.history, { round: 1, action: 'withdrawn', by: null, comment: '', at: '2026-11-21T09:00:00.000Z' }] });
      return [204];
    });
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this agency?' }, timeout);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw agency' }));
    await waitFor(() => expect(sent).toEqual({ comment: '' }));
    expect(await screen.findByText('Withdrawn', { selector: '.mantine-Badge-label' }, timeout)).toBeInTheDocument();
  });

  it('says an approved agency got its sign-in link, and links to managing it for those who may', async () => {
    const session = signIn({ role: 'recruiter', admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
    http.onGet(url).reply(200, buildAgency({ status: 'active' }));
    await openPage();
    expect(screen.getByText(/tara@talentbridge.test was sent the sign-in link/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Manage the agency' }, timeout)).toHaveAttribute('href', `/company-settings/manage-agencies?agency=${agencyId}`);
  });

  it('offers no link to managing agencies to an approver without the right', async () => {
    const session = signIn({ role: 'recruiter' });
    let answered = false;
    http.onGet('/api/user-accessmatrix').reply(() => ((answered = true), [200, { user: session.user, rights: [] }]));
    http.onGet(url).reply(200, buildAgency({ status: 'active' }));
    await openPage();
    await waitFor(() => expect(answered).toBe(true), timeout);
    expect(screen.getByText(/tara@talentbridge.test was sent the sign-in link/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage the agency' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for an agency that does not exist', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(url).reply(404, { code: 'not_found', message: 'Agency not found' });
    renderWithProviders(null, { route: `/agency-approval/${agencyId}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, timeout)).toBeInTheDocument();
  });

  it('says plainly when the agency may not be seen', async () => {
    signIn({ role: 'employee' });
    http.onGet(url).reply(403, { code: 'forbidden', message: 'You do not have access to this agency.' });
    renderWithProviders(null, { route: `/agency-approval/${agencyId}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agency approval' }, timeout)).toBeInTheDocument();
    expect(screen.getByText('You may not see this agency')).toBeInTheDocument();
  });
});
