import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCandidateProfile, TTimelinePage } from '@hireflow/contracts/candidates-profile';
import type { TInterview } from '@hireflow/contracts/interviews';
import { renderWithProviders } from '@/test/render';
import { buildJobSummary, signIn } from '@/test/factories';
import { getSession } from '@/lib/session';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const id = '64c000000000000000000001';

const profile: TCandidateProfile = {
  id,
  mergedIntoId: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0001',
  location: 'London',
  currentTitle: 'Analyst',
  currentCompany: 'Engines Ltd',
  experienceYears: 7,
  skills: ['mathematics', 'python'],
  tags: ['silver medallist'],
  source: 'career_site',
  consentAt: '2026-10-01T09:00:00.000Z',
  consentSource: 'Career site apply form',
  legalBasis: 'consent',
  consentExpiresAt: '2028-10-01T09:00:00.000Z',
  erasedAt: null,
  unsubscribedAt: null,
  resume: { fileId: 'AAAAAAAAAAAAAAAAAAAAAA', filename: 'ada.pdf', textState: 'extracted' },
  applications: [
    { id: '64c0000000000000000000a1', job: { id: '64d000000000000000000001', title: 'Backend Engineer', status: 'open' }, stage: { id: 's1', name: 'Applied', kind: 'screening' }, source: 'career_site', appliedAt: '2026-10-01T09:00:00.000Z', withdrawn: false },
  ],
  createdAt: '2026-10-01T09:00:00.000Z',
  lastActivityAt: '2026-10-02T09:00:00.000Z',
  pinned: false,
  limited: false,
  canEdit: true,
};

const timeline: TTimelinePage = {
  items: [
    { id: 't2', kind: 'profile_updated', at: '2026-10-02T09:00:00.000Z', by: { id: 'u1', name: 'Rita Recruiter' }, summary: 'Changed location', applicationId: null, job: null, data: { changes: { location: { from: 'Paris', to: 'London' } } } },
    { id: 't1', kind: 'applied', at: '2026-10-01T09:00:00.000Z', by: null, summary: 'Applied to Backend Engineer', applicationId: '64c0000000000000000000a1', job: { id: '64d000000000000000000001', title: 'Backend Engineer' }, data: { source: 'career_site' } },
  ],
  nextBefore: null,
};

let interviews: TInterview[] = [];
const technical: TInterview = {
  id: '64e000000000000000000001', applicationId: '64c0000000000000000000a1', candidateId: id, candidateName: 'Ada Lovelace',
  jobId: '64d000000000000000000001', jobTitle: 'Backend Engineer', roundId: null, roundName: 'Technical interview',
  start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z', durationMinutes: 60, timeZone: 'Europe/London', mode: 'video',
  room: null, videoLink: 'https://meet.example.test/ada', phone: '', interviewers: [], status: 'scheduled', statusNote: '',
  scheduledBy: null, selfScheduled: false, createdAt: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z',
};

function openProfile(overrides: Partial<TCandidateProfile> = {}) {
  signIn({ role: 'recruiter' });
  http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
  http.onGet(`/api/candidates/${id}`).reply(200, { ...profile, ...overrides });
  http.onGet(`/api/candidates/${id}/timeline`).reply(200, timeline);
  http.onGet(`/api/candidates/${id}/notes`).reply(200, { items: [] });
  http.onGet(`/api/candidates/${id}/resume/preview`).reply(200, { kind: 'html', fileId: 'f'.repeat(32), filename: 'ada.docx', textState: 'pending', html: '<p>Analytical engines since 1842</p>' });
  http.onGet(`/api/candidates/${id}/duplicates`).reply(200, { items: [] });
  http.onGet('/api/interviews', { params: { candidateId: id } }).reply(200, { items: interviews, hasMore: false });
  return renderWithProviders(null, { route: `/candidate/${id}` });
}

describe('/candidate/:id', () => {
  it("lists the candidate's interviews across applications on my clock, each opening its application", async () => {
    interviews = [technical, { ...technical, id: '64e000000000000000000002', roundName: 'Phone screen', start: '2026-11-20T14:00:00.000Z', end: '2026-11-20T14:30:00.000Z', status: 'completed' }];
    openProfile();
    const region = await screen.findByRole('region', { name: 'Interviews' });
    const rows = await within(region).findAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Tue, 1 Dec 2026, 09:00–10:00', 'Technical interview', 'Backend Engineer', 'Scheduled'],
      ['Fri, 20 Nov 2026, 14:00–14:30', 'Phone screen', 'Backend Engineer', 'Completed'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Backend Engineer' })).toHaveAttribute('href', '/application/64c0000000000000000000a1');
    interviews = [];
  });

  it('says how to schedule when the candidate has no interviews', async () => {
    openProfile();
    const region = await screen.findByRole('region', { name: 'Interviews' });
    expect(await within(region).findByText('No interviews yet. Schedule one from an application above.')).toBeInTheDocument();
  });

  it('shows who they are, their applications, consent, résumé and timeline', async () => {
    openProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Analyst @ Engines Ltd')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Contact and details' });
    expect(within(details).getByRole('link', { name: 'ada@example.test' })).toHaveAttribute('href', 'mailto:ada@example.test');
    expect(within(details).getByText('python')).toBeInTheDocument();
    expect(within(details).getByText('Consent since 1 Oct 2026, until 1 Oct 2028 (Career site apply form)')).toBeInTheDocument();
    const applications = screen.getByRole('region', { name: 'Applications' });
    expect(within(applications).getByRole('link', { name: 'Backend Engineer' })).toHaveAttribute('href', '/application/64c0000000000000000000a1');
    expect(await within(applications).findByRole('button', { name: 'Schedule an interview with Ada Lovelace for Backend Engineer' })).toBeInTheDocument();
    const resume = screen.getByRole('region', { name: 'Résumé' });
    expect(await within(resume).findByText('ada.docx')).toBeInTheDocument();
    expect(within(resume).getByText('Analytical engines since 1842')).toBeInTheDocument();
    expect(within(resume).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(resume).getByText('Reading text…')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Timeline' });
    expect(await within(history).findByText('Changed location')).toBeInTheDocument();
    expect(within(history).getByText('Location: Paris → London')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin' })).toHaveAttribute('aria-pressed', 'false');

    http.onPut(`/api/candidates/${id}/pin`).replyOnce(200, { pinned: true });
    http.onGet(`/api/candidates/${id}`).reply(200, { ...profile, pinned: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pin' }));
    expect(await screen.findByRole('button', { name: 'Pinned' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('hides Edit from a hiring manager, who sees the limited view', async () => {
    openProfile({ limited: true, canEdit: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByText(/You see what your jobs need/)).toBeInTheDocument();
  });

  it('offers a hiring manager only the jobs he runs when adding to a job', async () => {
    openProfile({ limited: true, canEdit: false, applications: [] });
    const me = getSession().user!;
    const colleague = { id: '64e000000000000000000009', name: 'Other Manager', email: 'other@example.test' };
    http.onGet('/api/jobs').reply(200, {
      items: [
        buildJobSummary({ id: '64d0000000000000000000a1', title: 'Mine to run', hiringManager: { id: me.id, name: 'Hank', email: me.email }, recruiters: [] }),
        buildJobSummary({ id: '64d0000000000000000000a2', title: 'Only interviewing', hiringManager: colleague, recruiters: [] }),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to job' }));
    const dialog = await screen.findByRole('dialog', { name: /to a job/ });
    await user.click(within(dialog).getByRole('combobox', { name: 'Job' }));
    expect(await screen.findByRole('option', { name: /Mine to run/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Only interviewing/ })).not.toBeInTheDocument();
  });

  it('saves an edit and shows a taken email on the email field', async () => {
    openProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit candidate' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'bob@example.test');
    http.onPatch(`/api/candidates/${id}`).replyOnce(409, { code: 'conflict', message: 'This email address already belongs to Bob Builder.', details: { candidateId: '64c000000000000000000002' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save candidate' }));
    expect(await within(dialog).findByText('This email address already belongs to Bob Builder.')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'ada@engines.test');
    const company = within(dialog).getByRole('textbox', { name: 'Current company' });
    await user.clear(company);
    await user.type(company, 'Analytical Co');
    let sent: Record<string, unknown> = {};
    http.onPatch(`/api/candidates/${id}`).replyOnce((config) => {
      sent = JSON.parse(config.data as string) as Record<string, unknown>;
      return [200, { ...profile, email: 'ada@engines.test', currentCompany: 'Analytical Co' }];
    });
    http.onGet(`/api/candidates/${id}`).reply(200, { ...profile, email: 'ada@engines.test', currentCompany: 'Analytical Co' });
    await user.click(within(dialog).getByRole('button', { name: 'Save candidate' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit candidate' })).not.toBeInTheDocument());
    expect(sent).toMatchObject({ email: 'ada@engines.test', currentCompany: 'Analytical Co', firstName: 'Ada', skills: ['mathematics', 'python'] });
    expect(await screen.findByText('Analyst @ Analytical Co')).toBeInTheDocument();
  });

  it('adds a note that mentions a colleague picked with the keyboard', async () => {
    openProfile();
    http.onGet(/\/api\/searchusers\/.+/).reply(200, { users: [{ id: '64b000000000000000000099', fullName: 'Cleo Colleague', email: 'cleo@acme.test', role: 'recruiter', addlRoles: [] }] });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Add a note' });
    await user.type(box, 'Strong candidate, @Cle');
    expect(await screen.findByRole('option', { name: /Cleo Colleague/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue('Strong candidate, @Cleo Colleague '));
    await user.type(box, 'please call her');
    expect(within(screen.getByLabelText('Mentioned colleagues')).getByText('Cleo Colleague')).toBeInTheDocument();

    let sent: Record<string, unknown> = {};
    http.onPost(`/api/candidates/${id}/notes`).replyOnce((config) => {
      sent = JSON.parse(config.data as string) as Record<string, unknown>;
      return [201, { id: 'n1', text: sent.text, at: '2026-10-03T09:00:00.000Z', by: { id: 'u1', name: 'Rita Recruiter' }, applicationId: null, job: null, mentions: [{ id: '64b000000000000000000099', name: 'Cleo Colleague' }] }];
    });
    http.onGet(`/api/candidates/${id}/notes`).reply(200, { items: [{ id: 'n1', text: 'Strong candidate, @Cleo Colleague please call her', at: '2026-10-03T09:00:00.000Z', by: { id: 'u1', name: 'Rita Recruiter' }, applicationId: null, job: null, mentions: [] }] });
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(sent).toEqual({ text: 'Strong candidate, @Cleo Colleague please call her', applicationId: null, mentionIds: ['64b000000000000000000099'] }));
    const notes = await screen.findByRole('list', { name: 'Notes so far' });
    expect(within(notes).getByText('Strong candidate, @Cleo Colleague please call her')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('says the page is not found for a candidate the user may not see', async () => {
    signIn({ role: 'employee' });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
    http.onGet(`/api/candidates/${id}`).reply(404, { code: 'not_found', message: 'Candidate not found' });
    renderWithProviders(null, { route: `/candidate/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends a merged-away candidate to the one that was kept', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
    const survivor = '64c000000000000000000002';
    http.onGet(`/api/candidates/${id}`).reply(200, { id, mergedIntoId: survivor });
    http.onGet(`/api/candidates/${survivor}`).reply(200, { ...profile, id: survivor, firstName: 'Augusta' });
    http.onGet(`/api/candidates/${survivor}/timeline`).reply(200, { items: [], nextBefore: null });
    http.onGet(`/api/candidates/${survivor}/notes`).reply(200, { items: [] });
    const { router } = renderWithProviders(null, { route: `/candidate/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Augusta Lovelace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/candidate/${survivor}`);
  });
});
