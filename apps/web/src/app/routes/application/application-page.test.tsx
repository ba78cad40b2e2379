import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TJobDetail } from '@hireflow/contracts/jobs';
import type { TApplicationDetail } from '@hireflow/contracts/candidates-profile';
import { renderWithProviders } from '@/test/render';
import { buildJobSummary, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const id = '64c0000000000000000000a1';

const application: TApplicationDetail = {
  id,
  candidate: { id: '64c000000000000000000001', name: 'Ada Lovelace', email: 'ada@example.test', phone: '' },
  job: { id: '64d000000000000000000001', title: 'Backend Engineer', status: 'open' },
  stages: [
    { id: 's1', name: 'Applied', kind: 'screening' },
    { id: 's2', name: 'Interview', kind: 'interview' },
    { id: 's3', name: 'Offer', kind: 'offer' },
  ],
  currentStageId: 's2',
  history: [
    { from: null, to: { id: 's1', name: 'Applied', kind: 'screening' }, at: '2026-10-01T09:00:00.000Z', by: null, reason: '' },
    { from: { id: 's1', name: 'Applied', kind: 'screening' }, to: { id: 's2', name: 'Interview', kind: 'interview' }, at: '2026-10-03T09:00:00.000Z', by: { id: 'u', name: 'Rita Recruiter' }, reason: '' },
  ],
  answers: [{ label: 'Why us?', answer: 'Engines' }],
  resume: null,
  source: 'career_site',
  appliedAt: '2026-10-01T09:00:00.000Z',
  withdrawn: false,
  rejectionReason: '',
  owner: { id: 'u', name: 'Rita Recruiter' },
};

describe('/application/:id', () => {
  it("shows the application in its job: the stages with the current one, the history and the answers", async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
    http.onGet(`/api/applications/${id}`).reply(200, application);
    http.onGet('/api/interviews').reply(200, { items: [], hasMore: false });
    renderWithProviders(null, { route: `/application/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace for Backend Engineer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Candidate profile' })).toHaveAttribute('href', '/candidate/64c000000000000000000001');
    const stages = screen.getByRole('region', { name: 'Stages' });
    expect(within(stages).getByText('Interview').closest('li')).toHaveAttribute('aria-current', 'step');
    const history = screen.getByRole('region', { name: 'Stage history' });
    expect(within(history).getByText('Applied → Interview')).toBeInTheDocument();
    expect(within(history).getByText(/Rita Recruiter/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Answers' })).getByText('Engines')).toBeInTheDocument();
    const interviews = await screen.findByRole('region', { name: 'Interviews' });
    expect(await within(interviews).findByText('No interviews yet.')).toBeInTheDocument();
    expect(within(interviews).getByRole('button', { name: 'Schedule interview' })).toBeInTheDocument();
  });

  it('says who brought the candidate: the referring employee or the agency', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
    http.onGet('/api/interviews').reply(200, { items: [], hasMore: false });
    const emma = { id: '64b0000000000000000000e1', name: 'Emma Employee', email: 'emma@acme.test' };
    http.onGet(`/api/applications/${id}`).replyOnce(200, { ...application, source: 'referral', origin: { referrer: emma, agency: null } });
    const first = renderWithProviders(null, { route: `/application/${id}` });
    expect(await screen.findByText('Referred by Emma Employee')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Emma Employee/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/\(agency\)/)).not.toBeInTheDocument();
    first.unmount();

    http.onGet(`/api/applications/${id}`).replyOnce(200, { ...application, source: 'agency', origin: { referrer: null, agency: { id: 'a1', name: 'TalentBridge Partners' } } });
    const second = renderWithProviders(null, { route: `/application/${id}` });
    expect(await screen.findByText('Submitted by TalentBridge Partners (agency)')).toBeInTheDocument();
    expect(screen.queryByText(/Referred by/)).not.toBeInTheDocument();
    second.unmount();

    // An application from the career site (or an older answer without origin) says nothing about it.
    http.onGet(`/api/applications/${id}`).replyOnce(200, application);
    renderWithProviders(null, { route: `/application/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace for Backend Engineer' })).toBeInTheDocument();
    expect(screen.queryByText(/Referred by|Submitted by/)).not.toBeInTheDocument();
  });

  it('says the page is not found for an application the user may not see', async () => {
    signIn({ role: 'employee' });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
    http.onGet(`/api/applications/${id}`).reply(404, { code: 'not_found', message: 'Application not found' });
    renderWithProviders(null, { route: `/application/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it("lets the job's hiring team move the applicant and reject them; others only see the stages", async () => {
    const job: TJobDetail = {
      ...buildJobSummary({ id: application.job.id, title: 'Backend Engineer', hiringManager: { id: 'hank', name: 'Hank Manager', email: 'h@acme.test' } }),
      employmentType: 'full_time', salaryBand: null, targetStartDate: null, description: '', jobCode: null, requisitionId: null, interviewers: [], followers: [], customFields: {},
      openedAt: null, allowedTransitions: [], canEdit: false, updatedAt: '2026-10-02T00:00:00.000Z',
    };
    const withRejected = { ...application, stages: [...application.stages, { id: 's4', name: 'Rejected', kind: 'rejected' as const }] };
    signIn({ id: 'hank', role: 'employee', addlRoles: ['HM'] });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
    http.onGet(`/api/applications/${id}`).reply(200, withRejected);
    http.onGet('/api/interviews').reply(200, { items: [], hasMore: false });
    http.onGet(new RegExp(`^/api/applications/${id}/offer`)).reply(403, { code: 'forbidden', message: 'Offers are confidential.' });
    http.onGet(`/api/jobs/${job.id}`).reply(200, job);
    http.onGet('/api/rejection-reasons').reply(200, { items: [{ id: 'r1', label: 'Not enough experience', active: true, usedCount: 0 }] });
    http.onGet('/api/mail/templates').reply(200, { items: [] });
    const bodies: unknown[] = [];
    http.onPost(`/api/applications/${id}/move`).reply((config) => {
      bodies.push(JSON.parse(config.data as string));
      return [400, { code: 'bad_request', message: "This stage is not part of the job's pipeline." }];
    });
    const view = renderWithProviders(null, { route: `/application/${id}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Ada Lovelace to…' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Applied', 'Offer']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Offer' }));
    await waitFor(() => expect(bodies).toEqual([{ stageId: 's3' }]));
    expect(await screen.findByRole('alert')).toHaveTextContent("This stage is not part of the job's pipeline.");
    await user.click(screen.getByRole('button', { name: 'Reject Ada Lovelace…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Ada Lovelace' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mail the candidate' }));
    expect(within(dialog).getByText(/There is no pipeline mail template yet/)).toBeInTheDocument();
    view.unmount();

    signIn({ id: 'someone', role: 'recruiter' });
    renderWithProviders(null, { route: `/application/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace for Backend Engineer' })).toBeInTheDocument();
    await waitFor(() => expect(http.history.get.some((r) => r.url === `/api/jobs/${job.id}`)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Move Ada Lovelace to…' })).toBeNull();
  });

  it("shows the application's offers to those who may see pay", async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
    http.onGet(`/api/applications/${id}`).reply(200, application);
    http.onGet('/api/interviews').reply(200, { items: [], hasMore: false });
    http.onGet(`/api/applications/${id}/offers`).reply(200, { items: [] });
    http.onGet(`/api/applications/${id}/offer-options`).reply(200, { defaults: { jobTitle: 'Backend Engineer', managerId: null, currency: 'EUR' }, templates: [], customFields: [], blockedReason: 'Offers are made from an offer stage. Move the application to an offer stage first.' });
    renderWithProviders(null, { route: `/application/${id}` });
    const offers = await screen.findByRole('region', { name: 'Offers' });
    expect(await within(offers).findByText('Offers are made from an offer stage. Move the application to an offer stage first.')).toBeInTheDocument();
    expect(within(offers).queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });
});
