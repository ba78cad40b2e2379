import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TApprovalSummary } from '@hireflow/contracts/approvals';
import { renderWithProviders } from '@/test/render';
import { buildJobSummary, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

const hank = { id: 'h', name: 'Hank Manager', email: 'hm@acme.test' };
const ada = { id: 'a', name: 'Ada Admin', email: 'a@acme.test' };
const waiting: TApprovalSummary = {
  id: 'ap1',
  kind: 'vacancy',
  subjectId: '64e000000000000000000002',
  title: 'Data Engineer',
  detail: '2 positions, Engineering',
  link: '/vacancy-approval/64e000000000000000000002',
  status: 'pending',
  requester: hank,
  currentApprover: ada,
  submittedAt: '2026-11-01T10:00:00.000Z',
  myDecision: null,
  myDecidedAt: null,
};
const offerWaiting: TApprovalSummary = {
  ...waiting,
  id: 'ap2',
  kind: 'offer',
  subjectId: '64f000000000000000000003',
  title: 'Offer: Jane Doe, Backend Engineer',
  detail: 'EUR 85,000.50 a year',
  link: '/offer-approval/64f000000000000000000003',
  requester: { id: 'r', name: 'Rita Recruiter', email: 'rita@acme.test' },
};

const openJob = buildJobSummary({
  department: null,
  location: null,
  recruiters: [],
  pipeline: [
    { id: 's1', name: 'Applied', kind: 'screening', count: 2 },
    { id: 's2', name: 'Interview', kind: 'interview', count: 1 },
  ],
});

function signInWithRights(role: 'recruiter' | 'employee' = 'recruiter') {
  const { user } = signIn({ role });
  http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
  http.onGet('/api/candidates/mentions').reply(200, { items: [], unread: 0 });
  http.onGet('/api/speed-screening/summary').reply(200, { jobs: [], total: 0 });
}

describe('/dashboard', () => {
  it('lists what waits for my approval, of every kind, and my open jobs with their pipelines', async () => {
    signInWithRights();
    let asked: unknown = null;
    http.onGet('/api/approvals').reply((config) => {
      asked = config.params;
      return [200, { items: config.params.view === 'pending' && !config.params.kind ? [waiting, offerWaiting] : [], total: 7, page: 1, pageSize: 25 }];
    });
    http.onGet('/api/jobs').reply((config) => [200, { items: config.params.scope === 'mine' && config.params.status === 'open' ? [openJob] : [], total: 1, page: 1, pageSize: 5 }]);
    renderWithProviders(null, { route: '/dashboard' });

    const approvals = await screen.findByRole('region', { name: 'Waiting for your approval' });
    expect(await within(approvals).findByRole('link', { name: 'Data Engineer' })).toHaveAttribute('href', '/vacancy-approval/64e000000000000000000002');
    expect(within(approvals).getByText(/2 positions, Engineering, asked by Hank Manager/)).toBeInTheDocument();
    expect(within(approvals).getByRole('link', { name: 'Offer: Jane Doe, Backend Engineer' })).toHaveAttribute('href', '/offer-approval/64f000000000000000000003');
    expect(within(approvals).getByText(/EUR 85,000.50 a year, asked by Rita Recruiter/)).toBeInTheDocument();
    const items = within(approvals).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Vacancy')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Offer')).toBeInTheDocument();
    expect(asked).toEqual({ view: 'pending', page: 1 });
    expect(within(approvals).getByRole('link', { name: 'Offer approvals' })).toHaveAttribute('href', '/offer-approval-all');
    expect(within(approvals).getByText('in all').parentElement).toHaveTextContent('7 in all');
    expect(within(approvals).getByRole('link', { name: 'All approvals' })).toHaveAttribute('href', '/vacancy-approval-all');

    const jobs = screen.getByRole('region', { name: 'My open jobs' });
    expect(await within(jobs).findByRole('link', { name: 'Platform Engineer' })).toHaveAttribute('href', `/job/${openJob.id}`);
    expect(within(jobs).getByText('3 applicants')).toBeInTheDocument();
    const stages = within(jobs).getByRole('list', { name: 'Applications per stage' });
    expect(within(stages).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Applied 2', 'Interview 1']);
    expect(within(stages).getByRole('listitem', { name: 'Interview: 1' })).toBeVisible();
  });

  it('says what will appear when nothing waits and no job is open', async () => {
    signInWithRights();
    http.onGet('/api/approvals').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 5 });
    renderWithProviders(null, { route: '/dashboard' });
    expect(await screen.findByText(/Nothing is waiting for your approval/)).toBeInTheDocument();
    expect(await screen.findByText(/No open jobs yet/)).toBeInTheDocument();
  });

  it("shows the API's message when a card cannot load", async () => {
    signInWithRights();
    http.onGet('/api/approvals').reply(500, { code: 'internal_error', message: 'Oops! Something went wrong' });
    http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 5 });
    renderWithProviders(null, { route: '/dashboard' });
    const approvals = await screen.findByRole('region', { name: 'Waiting for your approval' });
    expect(await within(approvals).findByText('Oops! Something went wrong')).toBeInTheDocument();
  });

  it('lists new applicants to review per job, each a link into speed screening', async () => {
    signInWithRights();
    http.onGet('/api/approvals').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 5 });
    http.onGet('/api/speed-screening/summary').reply(200, { jobs: [{ jobId: openJob.id, title: 'Platform Engineer', count: 12 }], total: 12 });
    renderWithProviders(null, { route: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'New applicants to review' });
    expect(await within(card).findByRole('link', { name: 'Screen 12 new applicants for Platform Engineer' })).toHaveAttribute('href', `/speed-screening?jobId=${openJob.id}`);
    expect(within(card).getByRole('link', { name: 'Screen all' })).toHaveAttribute('href', '/speed-screening');
  });

  it('shows no screening card to someone who does not move applicants', async () => {
    signInWithRights('employee');
    http.onGet('/api/approvals').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 5 });
    renderWithProviders(null, { route: '/dashboard' });
    expect(await screen.findByText(/No open jobs yet/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New applicants to review' })).not.toBeInTheDocument();
  });
});
