import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRequisition } from '@hireflow/contracts/jobs';
import { currentPath, renderWithProviders } from '@/test/render';
import { buildJobSummary, buildRequisition, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const options = {
  jobCodes: [{ id: '64c000000000000000000001', code: 'ENG-2', title: 'Engineer II', approvedHeadcount: 3, usedHeadcount: 3 }],
  departments: [{ id: '64c000000000000000000002', name: 'Engineering' }],
  businessUnits: [],
  locations: [{ id: '64c000000000000000000003', name: 'Berlin' }],
  customFields: [],
};
const job = buildJobSummary();

const requisition = buildRequisition({ canDecide: true });

describe('/jobs/all', () => {
  it('shows the 404 page to a plain employee', async () => {
    signIn({ role: 'employee' });
    renderWithProviders(null, { route: '/jobs/all' });
    expect(await screen.findByRole('heading', { level: 1, name: /not found|404/i })).toBeInTheDocument();
  });

  it('lists every job with its pipeline counts for a recruiter', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/requisitions/options').reply(200, options);
    http.onGet('/api/jobs').reply((config) => [200, { items: config.params.scope === 'all' ? [job] : [], total: 1, page: 1, pageSize: 25 }]);
    renderWithProviders(null, { route: '/jobs/all' });
    expect(await screen.findByRole('heading', { level: 1, name: 'All jobs' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Platform Engineer' })).closest('tr')!;
    expect(within(row).getByText('Open')).toBeInTheDocument();
    // Stage names are on screen, not only in a hover tooltip that touch screens never show.
    expect(within(row).getByRole('listitem', { name: 'Applied: 2' })).toHaveTextContent(/^Applied 2$/);
    expect(within(row).getByRole('listitem', { name: 'Hired: 1' })).toHaveTextContent(/^Hired 1$/);
    expect(within(row).queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/requisitions/options').reply(200, options);
    http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    renderWithProviders(null, { route: '/jobs/mine' });
    expect(await screen.findByText('You are not on the hiring team of any job that matches.')).toBeInTheDocument();
  });
});

/** Mantine Select: open it from the keyboard, move to the option, take it. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  const input = screen.getAllByRole('combobox', { name: label })[0]!;
  await user.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') ?? document.body;
  await user.click(await within(listbox).findByText(option));
}

describe('/create-requisition', () => {
  it('is not there for someone without the HM role', async () => {
    signIn({ role: 'recruiter' });
    const { router } = renderWithProviders(null, { route: '/create-requisition' });
    await waitFor(() => expect(currentPath(router)).toBe('/404'));
  });

  it('checks the form, asks for a justification beyond the job-code headcount, then submits', async () => {
    signIn({ role: 'employee', addlRoles: ['HM'] });
    http.onGet('/api/requisitions/options').reply(200, options);
    let sent: Record<string, unknown> | null = null;
    http.onPost('/api/requisitions').reply((config) => {
      sent = JSON.parse(config.data as string);
      return [201, { ...requisition, id: '64e000000000000000000001' }];
    });
    http.onGet('/api/vacancy-approvals/64e000000000000000000001').reply(404, { code: 'not_found', message: 'Requisition not found' });
    const { router } = renderWithProviders(null, { route: '/create-requisition' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit for approval' }));
    expect(await screen.findByText('Is required')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(screen.getByRole('textbox', { name: /Job title/ }), 'Backend Engineer');
    await pick(user, /^Department/, 'Engineering');
    await pick(user, /^Location/, 'Berlin');
    await pick(user, /^Job code/, 'ENG-2 · Engineer II');
    expect(screen.getByText('Approved headcount 3, used 3 (0 left)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(await screen.findByText('Explain why this exceeds the approved headcount')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /exceed the approved headcount/ }), 'Backfill');
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(currentPath(router)).toBe('/vacancy-approval/64e000000000000000000001'));
    expect(sent).toMatchObject({ title: 'Backend Engineer', departmentId: options.departments[0]!.id, headcount: 1, headcountJustification: 'Backfill', submit: true });
  });
});

describe('/vacancy-approval/:vacancyId', () => {

  it('lets the current approver reject only with a reason, and approve', async () => {
    signIn({ role: 'recruiter', admin: true });
    http.onGet(`/api/vacancy-approvals/${requisition.id}`).reply(200, requisition);
    let decision: unknown = null;
    http.onPost(`/api/approvals/vacancy/${requisition.id}/decision`).reply((config) => {
      decision = JSON.parse(config.data as string);
      return [200, { ...requisition, status: 'approved', canDecide: false, steps: [{ ...requisition.steps[0]!, state: 'approved' }] }];
    });
    renderWithProviders(null, { route: `/vacancy-approval/${requisition.id}` });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Engineer' })).toBeInTheDocument();
    expect(screen.getByText('Submitted by Hank Manager')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Tell the requester why you reject it')).toBeInTheDocument();
    expect(decision).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decision).toEqual({ decision: 'approve', comment: '' }));
  });
});

describe('a requisition returned by the approver', () => {
  it('shows the reason and lets the requester change it and submit it again', async () => {
    signIn({ role: 'employee', addlRoles: ['HM'] });
    const rejected: TRequisition = {
      ...requisition,
      department: options.departments[0]!,
      location: options.locations[0]!,
      status: 'rejected',
      canDecide: false,
      canEdit: true,
      steps: [{ ...requisition.steps[0]!, state: 'rejected', comment: 'No budget until Q3' }],
      history: [...requisition.history, { round: 1, action: 'rejected', by: { id: 'a', name: 'Ada Admin', email: 'a@acme.test' }, comment: 'No budget until Q3', at: '2026-11-02T10:00:00.000Z' }],
    };
    http.onGet(`/api/vacancy-approvals/${rejected.id}`).reply(200, rejected);
    http.onGet('/api/requisitions/options').reply(200, options);
    let put: Record<string, unknown> | null = null;
    http.onPut(`/api/requisitions/${rejected.id}`).reply((config) => {
      put = JSON.parse(config.data as string);
      return [200, { ...rejected, status: 'pending_approval', canEdit: false }];
    });
    const { router } = renderWithProviders(null, { route: `/vacancy-approval/${rejected.id}` });
    const user = userEvent.setup();
    expect(await screen.findByText(/Ada Admin returned it: “No budget until Q3”/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Change it' }));
    const title = await screen.findByRole('textbox', { name: /Job title/ });
    expect(title).toHaveValue('Data Engineer');
    await user.type(screen.getByRole('textbox', { name: /^Justification/ }), ' in Q3');
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(put).toMatchObject({ title: 'Data Engineer', justification: 'Growth in Q3', submit: true }));
    await waitFor(() => expect(currentPath(router)).toBe(`/vacancy-approval/${rejected.id}`));
  });
});

describe('/job/:id', () => {
  const detail = {
    ...job,
    employmentType: 'full_time',
    salaryBand: { min: 60000, max: 80000, currency: 'EUR' },
    targetStartDate: null,
    description: '<p>Build <strong>APIs</strong></p>',
    jobCode: null,
    requisitionId: requisition.id,
    interviewers: [],
    followers: [],
    customFields: {},
    openedAt: '2026-10-02T00:00:00.000Z',
    allowedTransitions: ['on_hold', 'closed', 'filled'],
    canEdit: true,
    updatedAt: '2026-10-02T00:00:00.000Z',
  };

  it('shows details, pipeline, applicants and history, and edits the job', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(`/api/jobs/${job.id}`).reply(200, detail);
    http.onGet(`/api/jobs/${job.id}/applications`).reply(200, {
      items: [{ applicationId: 'a1', candidateId: 'c1', name: 'Grace Hopper', email: 'grace@example.test', phone: '+1 555 0100', answers: [{ label: 'Why us?', answer: 'I love compilers' }], stage: { id: 's1', name: 'Applied', kind: 'screening' }, source: 'career_site', appliedAt: '2026-11-01T00:00:00.000Z', resume: { fileId: 'f1', filename: 'grace.pdf' } }],
      total: 1,
      page: 1,
      pageSize: 50,
    });
    http.onGet(`/api/jobs/${job.id}/activity`).reply(200, { items: [{ id: 'x', at: '2026-10-02T00:00:00.000Z', by: { id: 'a', name: 'Ada Admin', email: 'a@acme.test' }, action: 'status', summary: 'Status changed from pending approval to open' }] });
    let patched: unknown = null;
    http.onPatch(`/api/jobs/${job.id}`).reply((config) => {
      patched = JSON.parse(config.data as string);
      return [200, { ...detail, title: 'Staff Platform Engineer' }];
    });
    renderWithProviders(null, { route: `/job/${job.id}` });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })).toBeInTheDocument();
    expect(screen.getByText('60,000–80,000 EUR')).toBeInTheDocument();
    const row = (await screen.findByText('Grace Hopper')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/candidate/c1');
    expect(within(row).getByText('Career site')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'grace.pdf' })).toBeInTheDocument();
    expect(within(row).getByText(/\+1 555 0100/)).toBeInTheDocument();
    // The answers open from the keyboard and close with Escape.
    within(row).getByRole('button', { name: 'Details: Grace Hopper' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Application from Grace Hopper' });
    expect(within(dialog).getByText('Why us?')).toBeInTheDocument();
    expect(within(dialog).getByText('I love compilers')).toBeInTheDocument();
    expect(within(dialog).getByText('+1 555 0100')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Application from Grace Hopper' })).not.toBeInTheDocument());
    expect(await screen.findByText('Status changed from pending approval to open')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit job' }));
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Staff Platform Engineer');
    await user.click(screen.getByRole('button', { name: 'Save job' }));
    await waitFor(() => expect(patched).toMatchObject({ title: 'Staff Platform Engineer', headcount: 1, published: true, description: '<p>Build <strong>APIs</strong></p>' }));
  });

  it('asks for a reason when a requisition job with a job code gets more openings', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(`/api/jobs/${job.id}`).reply(200, { ...detail, jobCode: { id: 'jc', name: 'ENG-2 · Engineer II' } });
    http.onGet(`/api/jobs/${job.id}/applications`).reply(200, { items: [], total: 0, page: 1, pageSize: 50 });
    http.onGet(`/api/jobs/${job.id}/activity`).reply(200, { items: [] });
    let patched: unknown = null;
    http.onPatch(`/api/jobs/${job.id}`).reply((config) => {
      patched = JSON.parse(config.data as string);
      return [200, detail];
    });
    renderWithProviders(null, { route: `/job/${job.id}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit job' }));
    expect(screen.queryByRole('textbox', { name: /Reason for more openings/ })).not.toBeInTheDocument();
    const openings = await screen.findByRole('textbox', { name: /^Openings/ });
    await user.clear(openings);
    await user.type(openings, '3');
    await user.type(screen.getByRole('textbox', { name: /Reason for more openings/ }), 'Second team');
    await user.click(screen.getByRole('button', { name: 'Save job' }));
    await waitFor(() => expect(patched).toMatchObject({ headcount: 3, headcountJustification: 'Second team' }));
  });

  it('asks for a reason for the openings when a closed requisition job with a job code is reopened', async () => {
    signIn({ role: 'recruiter' });
    const closed = { ...detail, status: 'closed', jobCode: { id: 'jc', name: 'ENG-2' }, openings: 2, allowedTransitions: ['open'] };
    http.onGet(`/api/jobs/${job.id}`).reply(200, closed);
    http.onGet(`/api/jobs/${job.id}/applications`).reply(200, { items: [], total: 0, page: 1, pageSize: 50 });
    http.onGet(`/api/jobs/${job.id}/activity`).reply(200, { items: [] });
    let sent: unknown = null;
    http.onPost(`/api/jobs/${job.id}/status`).reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, { ...closed, status: 'open', allowedTransitions: ['on_hold', 'closed', 'filled'] }];
    });
    renderWithProviders(null, { route: `/job/${job.id}` });
    const user = userEvent.setup();
    // Open the menu once the page has settled (applicants and activity loaded), so no re-render closes it.
    await screen.findByText('No one has applied yet.');
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading activity' }) ?? screen.queryByLabelText('Loading activity')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as open' });
    expect(within(dialog).getByText('Reopening takes its 2 openings from job code ENG-2 again; needed when fewer approved positions are left')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for the openings' }), 'Seasonal peak');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toEqual({ status: 'open', comment: '', headcountJustification: 'Seasonal peak' }));
  });
});
