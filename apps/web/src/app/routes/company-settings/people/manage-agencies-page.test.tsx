import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TAgencyList } from '@hireflow/contracts/agencies';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { agencyId, backend, buildAgency, buildAgencySummary, buildSubmission, designer, pendingChain } from '@/features/agencies/test/agency-factories';

const http = mockHttp();
const listOf = (items: TAgencyList['items']): TAgencyList => ({ items, total: items.length, page: 1, pageSize: 25 });
const options = { jobs: [backend, designer], businessUnits: [{ id: '64e000000000000000000071', name: 'Engineering BU' }] };

function signInAsAdmin() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}

async function openPage(route = '/company-settings/manage-agencies') {
  const view = renderWithProviders(null, { route });
  await screen.findByRole('heading', { level: 1, name: 'Agencies' });
  return { ...view, user: userEvent.setup() };
}

describe('/company-settings/manage-agencies', () => {
  it('lists the agencies with their status, fee and counts; filters go to the API and stay in the URL', async () => {
    signInAsAdmin();
    const asked: unknown[] = [];
    http.onGet('/api/agencies').reply((config) => {
      asked.push(config.params);
      const params = config.params as { status?: string };
      return [200, listOf(params.status === 'paused' ? [buildAgencySummary({ id: '6a9000000000000000000a02', name: 'Quiet Partners', status: 'paused', feePercent: '15' })] : [buildAgencySummary()])];
    });
    const { user, router } = await openPage();
    const row = (await screen.findByRole('cell', { name: 'TalentBridge' })).closest('tr')!;
    expect(row).toHaveTextContent('Tara Bridge');
    expect(row).toHaveTextContent('tara@talentbridge.test');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(row).toHaveTextContent('17.5%');
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 1 })).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paused' }));
    expect(await screen.findByRole('cell', { name: 'Quiet Partners' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/company-settings/manage-agencies?status=paused');

    await user.type(screen.getByRole('textbox', { name: 'Search agencies' }), 'quiet');
    await waitFor(() => expect(currentPath(router)).toBe('/company-settings/manage-agencies?status=paused&search=quiet'));
    await waitFor(() => expect(asked).toContainEqual({ status: 'paused', search: 'quiet', page: 1 }));
  });

  it("on a plan without agencies, says so with a link to the Subscription page", async () => {
    signInAsAdmin();
    const refusal = 'Recruitment agencies are not part of the Starter plan. An admin can change the plan on Company settings → Subscription.';
    http.onGet('/api/agencies').reply(403, { code: 'plan_required', message: refusal });
    await openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(within(alert).getByRole('link', { name: 'Open Subscription' })).toHaveAttribute('href', '/company-settings/Subscription');
  });

  it('reads the filters from a shared URL', async () => {
    signInAsAdmin();
    const asked: unknown[] = [];
    http.onGet('/api/agencies').reply((config) => {
      asked.push(config.params);
      return [200, listOf([])];
    });
    await openPage('/company-settings/manage-agencies?status=pending&search=bridge');
    expect(await screen.findByText('No agency matches these filters.')).toBeInTheDocument();
    expect(asked).toContainEqual({ status: 'pending', search: 'bridge', page: 1 });
    expect(screen.getByRole('textbox', { name: 'Search agencies' })).toHaveValue('bridge');
  });

  it('pages through a long list, the page in the URL', async () => {
    signInAsAdmin();
    http.onGet('/api/agencies').reply((config) => {
      const page = (config.params as { page: number }).page;
      return [200, { items: [buildAgencySummary({ name: `Agency on page ${page}` })], total: 30, page, pageSize: 25 }];
    });
    const { user, router } = await openPage();
    expect(await screen.findByRole('button', { name: 'Agency on page 1' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('button', { name: 'Agency on page 2' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/company-settings/manage-agencies?page=2');
  });

  it('explains agencies when there are none, and offers to invite one', async () => {
    signInAsAdmin();
    http.onGet('/api/agencies').reply(200, listOf([]));
    await openPage();
    expect(await screen.findByText(/Recruitment agencies find candidates for you/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Invite an agency' })).toHaveLength(2);
  });

  it('checks the invitation (a fee with three decimals is refused), sends it without jobs, and says it went for approval', async () => {
    signInAsAdmin();
    http.onGet('/api/agencies').reply(200, listOf([]));
    http.onGet('/api/agencies/options').reply(200, options);
    const sent: unknown[] = [];
    http.onPost('/api/agencies').reply((config) => {
      sent.push(JSON.parse(config.data as string));
      return [201, buildAgency({ status: 'pending', jobs: [], jobCount: 0 })];
    });
    const { user } = await openPage();
    await user.click((await screen.findAllByRole('button', { name: 'Invite an agency' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Invite an agency' });
    await within(dialog).findByRole('textbox', { name: /^Agency name/ });
    for (const label of ['Agency name', 'Contact name', 'Contact email', 'Fee (% of the base salary)', 'Guarantee (days)', 'Candidates per job']) {
      expect(within(dialog).getByRole('textbox', { name: new RegExp(`^${label.replace(/[()%]/g, '\\$&')}`) })).toBeInTheDocument();
    }
    await user.type(within(dialog).getByRole('textbox', { name: /^Agency name/ }), 'TalentBridge');
    await user.type(within(dialog).getByRole('textbox', { name: /^Contact name/ }), 'Tara Bridge');
    await user.type(within(dialog).getByRole('textbox', { name: /^Contact email/ }), 'Tara@TalentBridge.test');
    const fee = within(dialog).getByRole('textbox', { name: /^Fee/ });
    await user.type(fee, '17.555');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await within(dialog).findByText('Must be a percentage such as 15 or 17.5')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(fee);
    await user.type(fee, '17.5');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'TalentBridge',
      contactName: 'Tara Bridge',
      contactEmail: 'tara@talentbridge.test',
      feePercent: '17.5',
      guaranteeDays: 90,
      jobIds: [],
      maxCandidatesPerJob: 5,
      shareSalary: false,
      businessUnitId: null,
    });
    const done = await screen.findByRole('dialog', { name: 'Sent for approval' });
    expect(within(done).getByText(/TalentBridge was sent for approval; Ann Approver decides first/)).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Follow the approval of TalentBridge' })).toHaveAttribute('href', `/agency-approval/${agencyId}`);
  });

  it('sends the picked jobs and shows a refusal from the API', async () => {
    signInAsAdmin();
    http.onGet('/api/agencies').reply(200, listOf([]));
    http.onGet('/api/agencies/options').reply(200, options);
    const sent: { jobIds: string[] }[] = [];
    http.onPost('/api/agencies').reply((config) => {
      sent.push(JSON.parse(config.data as string) as { jobIds: string[] });
      return [409, { code: 'conflict', message: 'Another agency of your company already uses this contact email.' }];
    });
    const { user } = await openPage();
    await user.click((await screen.findAllByRole('button', { name: 'Invite an agency' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Invite an agency' });
    await within(dialog).findByRole('textbox', { name: /^Agency name/ });
    await user.type(within(dialog).getByRole('textbox', { name: /^Agency name/ }), 'TalentBridge');
    await user.type(within(dialog).getByRole('textbox', { name: /^Contact name/ }), 'Tara Bridge');
    await user.type(within(dialog).getByRole('textbox', { name: /^Contact email/ }), 'tara@talentbridge.test');
    await user.type(within(dialog).getByRole('textbox', { name: /^Fee/ }), '15');
    await user.click(within(dialog).getByRole('combobox', { name: /^Jobs/ }));
    await user.click(await screen.findByRole('option', { name: designer.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await within(dialog).findByText('Another agency of your company already uses this contact email.')).toBeInTheDocument();
    expect(sent.map((b) => b.jobIds)).toEqual([[designer.id]]);
  });

  it('opens an agency from the list into a shareable drawer with its sign-in link, users and submissions', async () => {
    signInAsAdmin();
    http.onGet('/api/agencies').reply(200, listOf([buildAgencySummary()]));
    http.onGet(`/api/agencies/${agencyId}`).reply(200, buildAgency());
    http.onGet(`/api/agencies/${agencyId}/submissions`).reply(200, { items: [buildSubmission(), buildSubmission({ id: 'x2', candidateName: 'Sam Lee', status: 'in_review', placement: null, applicationId: '64a000000000000000000032' })], total: 2, page: 1, pageSize: 25 });
    const { user, router } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'TalentBridge' }));
    const drawer = await screen.findByRole('dialog', { name: 'TalentBridge' });
    expect(currentPath(router)).toBe(`/company-settings/manage-agencies?agency=${agencyId}`);
    expect(await within(drawer).findByRole('textbox', { name: 'Sign-in link' })).toHaveValue(`https://hireflow.test/agencies-login/acme/${agencyId}`);
    expect(within(drawer).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    const users = within(drawer).getByRole('region', { name: 'Users' });
    expect(within(users).getByRole('cell', { name: 'tara@talentbridge.test' }).closest('tr')).not.toHaveTextContent('Never');
    const submissions = within(drawer).getByRole('region', { name: 'Submissions' });
    expect(await within(submissions).findByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/application/64a000000000000000000031');
    const hired = within(submissions).getByRole('link', { name: 'Jane Doe' }).closest('tr')!;
    expect(hired).toHaveTextContent('Hired');
    expect(hired).toHaveTextContent('EUR 14,000');
    expect(hired).toHaveTextContent('17.5% of EUR 80,000');
    expect(within(submissions).getByRole('link', { name: 'Sam Lee' }).closest('tr')).toHaveTextContent('In review');

    await user.click(within(drawer).getByRole('button', { name: 'Close the agency' }));
    await waitFor(() => expect(currentPath(router)).toBe('/company-settings/manage-agencies'));
  });

  it('pauses an agency after a confirmation, then resumes it', async () => {
    signInAsAdmin();
    let current = buildAgency();
    http.onGet('/api/agencies').reply(200, listOf([buildAgencySummary()]));
    http.onGet(`/api/agencies/${agencyId}`).reply(() => [200, current]);
    http.onGet(`/api/agencies/${agencyId}/submissions`).reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    const calls: string[] = [];
    http.onPost(`/api/agencies/${agencyId}/pause`).reply(() => {
      calls.push('pause');
      current = buildAgency({ status: 'paused' });
      return [200, current];
    });
    http.onPost(`/api/agencies/${agencyId}/resume`).reply(() => {
      calls.push('resume');
      current = buildAgency({ status: 'active' });
      return [200, current];
    });
    const { user } = await openPage(`/company-settings/manage-agencies?agency=${agencyId}`);
    const drawer = await screen.findByRole('dialog', { name: 'TalentBridge' });
    await user.click(await within(drawer).findByRole('button', { name: 'Pause agency' }));
    const confirm = within(drawer).getByRole('group', { name: 'Pause this agency?' });
    expect(confirm).toHaveTextContent('cannot submit candidates until you resume it');
    expect(calls).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls).toEqual(['pause']));
    expect(await within(drawer).findByText(/Paused: its users can sign in/)).toBeInTheDocument();

    await user.click(await within(drawer).findByRole('button', { name: 'Resume agency' }));
    await user.click(within(within(drawer).getByRole('group', { name: 'Resume this agency?' })).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(calls).toEqual(['pause', 'resume']));
    expect(await within(drawer).findByRole('button', { name: 'Pause agency' })).toBeInTheDocument();
  });

  it('changes the jobs of an agency', async () => {
    signInAsAdmin();
    let current = buildAgency();
    http.onGet('/api/agencies').reply(200, listOf([buildAgencySummary()]));
    http.onGet('/api/agencies/options').reply(200, options);
    http.onGet(`/api/agencies/${agencyId}`).reply(() => [200, current]);
    http.onGet(`/api/agencies/${agencyId}/submissions`).reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    const sent: unknown[] = [];
    http.onPut(`/api/agencies/${agencyId}`).reply((config) => {
      sent.push(JSON.parse(config.data as string));
      current = buildAgency({ jobs: [backend, designer], jobCount: 2 });
      return [200, current];
    });
    const { user } = await openPage(`/company-settings/manage-agencies?agency=${agencyId}`);
    const drawer = await screen.findByRole('dialog', { name: 'TalentBridge' });
    await user.click(await within(drawer).findByRole('button', { name: 'Change terms and jobs' }));
    await user.click(await within(drawer).findByRole('combobox', { name: /^Jobs/ }));
    await user.click(await screen.findByRole('option', { name: designer.name }));
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'TalentBridge', contactName: 'Tara Bridge', feePercent: '17.5', guaranteeDays: 90, jobIds: [backend.id, designer.id], maxCandidatesPerJob: 5, shareSalary: false }]));
    expect(await within(drawer).findByText('TalentBridge was saved')).toBeInTheDocument();
    const terms = within(drawer).getByRole('region', { name: 'Terms' });
    expect(within(terms).getByRole('rowheader', { name: 'Jobs' }).closest('tr')).toHaveTextContent(`${backend.name}, ${designer.name}`);
  });

  it('shows a pending agency as waiting for approval, and a rejected one read-only', async () => {
    signInAsAdmin();
    http.onGet('/api/agencies').reply(200, listOf([buildAgencySummary({ status: 'pending' })]));
    http.onGet(`/api/agencies/${agencyId}`).replyOnce(200, buildAgency({ status: 'pending', users: [] }));
    const { router } = await openPage(`/company-settings/manage-agencies?agency=${agencyId}`);
    let drawer = await screen.findByRole('dialog', { name: 'TalentBridge' });
    const approval = await within(drawer).findByRole('link', { name: 'See the approval' });
    expect(approval).toHaveAttribute('href', `/agency-approval/${agencyId}`);
    expect(approval.closest('[role="alert"]')).toHaveTextContent(/^Waiting for approval/);
    expect(within(drawer).queryByRole('textbox', { name: 'Sign-in link' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Pause agency' })).not.toBeInTheDocument();

    http.onGet(`/api/agencies/6a9000000000000000000a09`).reply(200, buildAgency({ id: '6a9000000000000000000a09', name: 'Gone Ltd', status: 'rejected', can: { edit: false, pause: false, resume: false } }, { ...pendingChain, status: 'rejected' }));
    http.onGet(`/api/agencies/6a9000000000000000000a09/submissions`).reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    await router.navigate('/company-settings/manage-agencies?agency=6a9000000000000000000a09');
    drawer = await screen.findByRole('dialog', { name: 'Gone Ltd' });
    expect(await within(drawer).findByText('The invitation was rejected')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Change terms and jobs' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Pause|Resume/ })).not.toBeInTheDocument();
  });
});
