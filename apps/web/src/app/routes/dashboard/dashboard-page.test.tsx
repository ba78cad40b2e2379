import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDashboardActivity } from '@hireflow/contracts/dashboard';
import type { TSpotlightItem } from '@hireflow/contracts/spotlight';
import type { TApprovalSummary } from '@hireflow/contracts/approvals';
import { renderWithProviders } from '@/test/render';
import { buildJobSummary, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { buildMyReferral, buildReferableJob, page } from '@/features/referrals/test-referrals';

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
  http.onGet('/api/spotlight').reply(200, { items: [] });
  http.onGet('/api/dashboard/activity').reply(200, { items: [] });
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

const news: TSpotlightItem = {
  id: '64c000000000000000000001',
  title: 'New reports are here',
  body: '<p>See the <strong>time-to-hire</strong> report.<script>window.hacked = true</script><img src="x" onerror="window.hacked = true"></p>',
  link: { url: 'https://hireflow.example/news', label: 'Read more' },
  validTo: '2026-12-01T00:00:00.000Z',
};

function quietCards() {
  http.onGet('/api/approvals').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
  http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 5 });
}

describe('/dashboard spotlight announcements', () => {
  it('shows the announcement at the top with its text made safe and its link, and hides it for me when I close it', async () => {
    signInWithRights();
    quietCards();
    let shown = [news];
    http.onGet('/api/spotlight').reply(() => [200, { items: shown }]);
    let dismissed: string | undefined;
    http.onPost(`/api/spotlight/${news.id}/dismiss`).reply((config) => {
      dismissed = config.url;
      shown = [];
      return [200, { id: news.id, message: 'Hidden. It will not show on your dashboard again.' }];
    });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/dashboard' });

    const announcement = await screen.findByRole('article', { name: 'New reports are here' });
    expect(within(announcement).getByText('time-to-hire').tagName).toBe('STRONG');
    expect(announcement.querySelector('script, img')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(announcement).getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'https://hireflow.example/news');
    // On top: before the welcome and every card.
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings.indexOf('New reports are here')).toBe(1);

    await user.click(within(announcement).getByRole('button', { name: 'Hide “New reports are here”' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'New reports are here' })).not.toBeInTheDocument());
    expect(dismissed).toBe(`/api/spotlight/${news.id}/dismiss`);
  });

  it('says when announcements cannot be loaded, and the cards still work', async () => {
    signInWithRights();
    quietCards();
    http.onGet('/api/spotlight').reply(500, { code: 'internal_error', message: 'Oops! Something went wrong' });
    renderWithProviders(null, { route: '/dashboard' });
    expect(await screen.findByText('Announcements could not be loaded')).toBeInTheDocument();
    expect(await screen.findByText(/No open jobs yet/)).toBeInTheDocument();
  });
});

const moved: TDashboardActivity = {
  id: 'act1',
  kind: 'stage_moved',
  at: '2026-11-24T09:30:00.000Z',
  summary: 'Moved to Interview',
  by: { id: 'r', name: 'Rita Recruiter' },
  mine: false,
  candidate: { id: '64e000000000000000000010', name: 'Jane Doe' },
  job: { id: openJob.id, title: 'Platform Engineer' },
  applicationId: '64e000000000000000000011',
  canOpen: true,
};

describe('/dashboard recent activity', () => {
  it('lists the latest activity with who did it and on which job, each a link when I may open it', async () => {
    signInWithRights();
    quietCards();
    const other: TDashboardActivity = { ...moved, id: 'act2', summary: 'Profile updated', mine: true, candidate: { id: 'c2', name: 'Omar Doe' }, job: null, applicationId: null, canOpen: false };
    http.onGet('/api/dashboard/activity').reply(200, { items: [moved, other] });
    renderWithProviders(null, { route: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Recent activity' });
    const rows = await within(card).findAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/application/64e000000000000000000011');
    expect(rows[0]).toHaveTextContent('Moved to Interview');
    expect(rows[0]).toHaveTextContent(/Rita Recruiter · Platform Engineer · /);
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(/Omar Doe/);
    expect(rows[1]).toHaveTextContent(/^Omar DoeProfile updatedYou · /);
  });

  it('says what will appear when nothing happened yet', async () => {
    signInWithRights();
    quietCards();
    renderWithProviders(null, { route: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Recent activity' });
    expect(await within(card).findByText(/When you or your colleagues move, note or interview candidates on your jobs/)).toBeInTheDocument();
  });

  it('shows the error of the activity call in its own card', async () => {
    signInWithRights();
    quietCards();
    http.onGet('/api/dashboard/activity').reply(500, { code: 'internal_error', message: 'Oops! Something went wrong' });
    renderWithProviders(null, { route: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Recent activity' });
    expect(await within(card).findByText('Oops! Something went wrong')).toBeInTheDocument();
  });
});

describe('/dashboard for an employee', () => {
  it('shows open positions to refer and my referrals', async () => {
    signInWithRights('employee');
    quietCards();
    http.onGet('/api/referrals/jobs').reply(200, page([buildReferableJob()]));
    http.onGet('/api/referrals/mine').reply(200, page([buildMyReferral()]));
    renderWithProviders(null, { route: '/dashboard' });
    const open = await screen.findByRole('region', { name: 'Open positions to refer' });
    expect(await within(open).findByRole('link', { name: 'Backend Engineer' })).toBeInTheDocument();
    const mine = await screen.findByRole('region', { name: 'My referrals' });
    expect(await within(mine).findByText('Grace Hopper')).toBeInTheDocument();
  });
});
