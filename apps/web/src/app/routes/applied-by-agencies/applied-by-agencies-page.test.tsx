import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { AgencyPortalMessages, type TAgencyMe, type TPortalJob, type TPortalSubmission } from '@hireflow/contracts/agency-portal';
import { currentPath, renderWithProviders } from '@/test/render';
import { mockHttp } from '@/test/http';
import { getSession, setAgencySession } from '@/lib/session';

const http = mockHttp();
const agencyId = '6a9e0000000000000000a001';
const signInLink = `/agencies-login/acme/${agencyId}`;

const me: TAgencyMe = {
  user: { id: 'u1', name: 'Ann Agent', email: 'agency@talentbridge.test', isContact: true },
  agency: { id: agencyId, name: 'TalentBridge', status: 'active', maxCandidatesPerJob: 5 },
  company: { name: 'Acme', slug: 'acme' },
};

const backend: TPortalJob = {
  id: '6a9e00000000000000000b01',
  title: 'Backend Engineer',
  location: { id: 'l1', name: 'Berlin' },
  department: { id: 'd1', name: 'Engineering' },
  descriptionHtml: '<p>Build the APIs our customers use.</p>',
  salaryBand: 'EUR 60,000 - 80,000 a year',
  submitted: 1,
  remaining: 4,
};
const designer: TPortalJob = {
  id: '6a9e00000000000000000b02',
  title: 'Product Designer',
  location: null,
  department: null,
  descriptionHtml: '',
  salaryBand: null,
  submitted: 5,
  remaining: 0,
};

const submission: TPortalSubmission = {
  id: 's1',
  candidateName: 'Carla Candidate',
  candidateEmail: 'carla@example.test',
  job: { id: backend.id, name: 'Backend Engineer' },
  submittedBy: { id: 'u1', name: 'Ann Agent' },
  submittedAt: '2026-11-20T10:00:00.000Z',
  status: 'interviewing',
};

function signInAsAgency() {
  setAgencySession({
    token: 'agency-token',
    agencyLogin: { agencyId, customerSlug: 'acme', agencyName: 'TalentBridge', companyName: 'Acme', userName: 'Ann Agent' },
  });
}

function answerPortal(mock: MockAdapter, { agency = me, jobs = [backend, designer], submissions = [submission] } = {}) {
  mock.onGet('/api/agency-portal/me').reply(200, agency);
  mock.onGet('/api/agency-portal/jobs').reply(200, { items: jobs, total: jobs.length, page: 1, pageSize: 20 });
  mock.onGet('/api/agency-portal/submissions').reply(200, { items: submissions, total: submissions.length, page: 1, pageSize: 20 });
  mock.onGet('/api/agency-portal/colleagues').reply(200, [
    { id: 'u1', name: 'Ann Agent', email: 'agency@talentbridge.test', status: 'active', isContact: true, lastLoginAt: '2026-11-23T09:00:00.000Z' },
  ]);
}

async function openPortal(route = '/applied-by-agencies') {
  const view = renderWithProviders(null, { route });
  await screen.findByRole('heading', { level: 1, name: 'Agency portal' });
  return { ...view, user: userEvent.setup() };
}

async function fillCandidate(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /^First name/ }), 'Dora');
  await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Dupont');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'dora@example.test');
  await user.type(screen.getByRole('textbox', { name: /^Note for the recruiter/ }), 'Strong in Go.');
}

describe('/applied-by-agencies', () => {
  it('shows the agency and company in its own header, and lists the assigned jobs', async () => {
    signInAsAgency();
    answerPortal(http);
    const { user } = await openPortal();

    const header = screen.getByRole('banner');
    expect(within(header).getByText('TalentBridge')).toBeInTheDocument();
    expect(within(header).getByText('Recruiting for Acme')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const job = await screen.findByRole('article', { name: 'Backend Engineer' });
    expect(within(job).getByText('Berlin · Engineering')).toBeInTheDocument();
    expect(within(job).getByText('Salary: EUR 60,000 - 80,000 a year')).toBeInTheDocument();
    expect(within(job).getByText('1 submitted')).toBeInTheDocument();
    expect(within(job).getByText('4 more allowed')).toBeInTheDocument();
    const full = screen.getByRole('article', { name: 'Product Designer' });
    expect(within(full).getByText('Limit reached')).toBeInTheDocument();
    expect(within(full).queryByText(/Salary/)).not.toBeInTheDocument();
    expect(within(full).queryByRole('button', { name: /Submit a candidate/ })).not.toBeInTheDocument();

    const toggle = within(job).getByRole('button', { name: 'Show description' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(job).getByRole('button', { name: 'Hide description' })).toHaveAttribute('aria-expanded', 'true');
    expect(await within(job).findByText('Build the APIs our customers use.')).toBeVisible();
  });

  it('says what to do when no job is assigned', async () => {
    signInAsAgency();
    answerPortal(http, { jobs: [], submissions: [] });
    await openPortal();
    expect(await screen.findByText('No open jobs for your agency yet')).toBeInTheDocument();
  });

  it('lists the submissions with their coarse status', async () => {
    signInAsAgency();
    answerPortal(http);
    const { user } = await openPortal();
    await user.click(screen.getByRole('tab', { name: 'Submissions' }));

    const row = (await screen.findByRole('cell', { name: /Carla Candidate/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('carla@example.test')).toBeInTheDocument();
    expect(within(row).getByText('Backend Engineer')).toBeInTheDocument();
    expect(within(row).getByText('Ann Agent')).toBeInTheDocument();
    expect(within(row).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Interviewing')).toBeInTheDocument();
  });

  it('submits a candidate to a job picked on the Jobs tab', async () => {
    signInAsAgency();
    answerPortal(http);
    let sent: Record<string, string> = {};
    http.onPost('/api/agency-portal/submissions').reply((config) => {
      sent = Object.fromEntries((config.data as FormData).entries()) as Record<string, string>;
      return [201, { ...submission, id: 's2', candidateName: 'Dora Dupont', candidateEmail: 'dora@example.test', status: 'received' }];
    });
    const { user } = await openPortal();

    await user.click(await screen.findByRole('button', { name: 'Submit a candidate to Backend Engineer' }));
    expect(screen.getByRole('tab', { name: 'Submit a candidate' })).toHaveAttribute('aria-selected', 'true');
    await fillCandidate(user);
    await user.click(screen.getByRole('button', { name: 'Submit candidate' }));

    expect(await screen.findByText(/Dora Dupont was submitted to Backend Engineer/)).toBeInTheDocument();
    expect(sent).toMatchObject({ jobId: backend.id, firstName: 'Dora', lastName: 'Dupont', email: 'dora@example.test', note: 'Strong in Go.' });
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('');
  });

  it('sends the chosen résumé with the candidate, and refuses a file that is not PDF or DOCX', async () => {
    signInAsAgency();
    answerPortal(http);
    let resume: unknown = null;
    http.onPost('/api/agency-portal/submissions').reply((config) => {
      resume = (config.data as FormData).get('resume');
      return [201, { ...submission, id: 's3', candidateName: 'Dora Dupont', status: 'received' }];
    });
    const { user } = await openPortal();

    await user.click(await screen.findByRole('button', { name: 'Submit a candidate to Backend Engineer' }));
    await fillCandidate(user);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    // The file picker offers PDF and DOCX only; a file dropped around that filter is still refused.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['plain'], 'cv.txt', { type: 'text/plain' }));
    expect(await screen.findByText('The résumé must be a PDF or Word (.docx) file.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit candidate' }));
    expect(http.history.post).toHaveLength(0);

    await user.upload(input, new File(['%PDF-1.4'], 'dora.pdf', { type: 'application/pdf' }));
    expect(screen.queryByText('The résumé must be a PDF or Word (.docx) file.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit candidate' }));
    expect(await screen.findByText(/Dora Dupont was submitted/)).toBeInTheDocument();
    expect(resume).toBeInstanceOf(File);
    expect((resume as File).name).toBe('dora.pdf');
  });

  it('a duplicate refusal names the first submitter and when, and keeps the form filled', async () => {
    signInAsAgency();
    answerPortal(http);
    const message = AgencyPortalMessages.duplicateByAgency('Prime Talent', '2026-10-02T08:00:00.000Z');
    http.onPost('/api/agency-portal/submissions').reply(409, {
      code: 'conflict',
      message,
      details: { firstSubmitter: 'Prime Talent', at: '2026-10-02T08:00:00.000Z' },
    });
    const { user } = await openPortal();

    await user.click(await screen.findByRole('button', { name: 'Submit a candidate to Backend Engineer' }));
    await fillCandidate(user);
    await user.click(screen.getByRole('button', { name: 'Submit candidate' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This candidate was already submitted to the company by Prime Talent on 2026-10-02.');
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Dora');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('dora@example.test');
    expect(screen.getByRole('textbox', { name: /^Note for the recruiter/ })).toHaveValue('Strong in Go.');
  });

  it('a paused agency sees why it cannot submit, and the form is disabled', async () => {
    signInAsAgency();
    answerPortal(http, { agency: { ...me, agency: { ...me.agency, status: 'paused' } } });
    const { user } = await openPortal('/applied-by-agencies?tab=submit');

    expect(await screen.findByText(AgencyPortalMessages.agencyPaused)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit candidate' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^First name/ })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await screen.findByRole('article', { name: 'Backend Engineer' });
    expect(screen.queryByRole('button', { name: /Submit a candidate to/ })).not.toBeInTheDocument();
  });

  it('the contact invites a colleague', async () => {
    signInAsAgency();
    answerPortal(http);
    http
      .onPost('/api/agency-portal/colleagues', { name: 'Ben Agent', email: 'ben@talentbridge.test' })
      .reply(201, { id: 'u2', name: 'Ben Agent', email: 'ben@talentbridge.test', status: 'invited', isContact: false, lastLoginAt: null });
    const { user } = await openPortal('/applied-by-agencies?tab=colleagues');

    expect(await screen.findByRole('cell', { name: /Ann Agent/ })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ben Agent');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ben@talentbridge.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to ben@talentbridge.test.')).toBeInTheDocument();
  });

  it('a colleague who is not the contact cannot invite', async () => {
    signInAsAgency();
    answerPortal(http, { agency: { ...me, user: { ...me.user, isContact: false } } });
    await openPortal('/applied-by-agencies?tab=colleagues');
    expect(await screen.findByText(AgencyPortalMessages.onlyContactAddsColleagues)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
  });

  it('sign out ends the session, clears the browser and returns to the agency sign-in link', async () => {
    signInAsAgency();
    answerPortal(http);
    http.onPost('/api/agency-portal/logout').reply(204);
    http.onGet(`/api/agency-portal/sign-in/acme/${agencyId}`).reply(200, { companyName: 'Acme', agencyName: 'TalentBridge', canSignIn: true });
    http.onGet('/api/captcha_api').reply(200, { capId: 'cap-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
    const { user, router } = await openPortal();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
    expect(currentPath(router)).toBe(signInLink);
    expect(http.history.post.map((call) => call.url)).toContain('/api/agency-portal/logout');
    expect(localStorage.length).toBe(0);
    expect(getSession().token).toBeNull();
  });

  it('a 401 from a portal call returns to the agency sign-in link, not /login', async () => {
    signInAsAgency();
    answerPortal(http);
    http.onGet('/api/agency-portal/me').reply(401, { code: 'unauthorized', message: 'Your session has ended. Please sign in again.' });
    http.onGet(`/api/agency-portal/sign-in/acme/${agencyId}`).reply(200, { companyName: 'Acme', agencyName: 'TalentBridge', canSignIn: true });
    http.onGet('/api/captcha_api').reply(200, { capId: 'cap-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
    const { router } = renderWithProviders(null, { route: '/applied-by-agencies' });

    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(currentPath(router)).toBe(signInLink);
    expect(localStorage.getItem('agencyLogin')).toBeNull();
    expect(localStorage.getItem('savedUrl')).toBeNull();
  });

  it('without agency sign-in data goes to /notFound', async () => {
    const { router } = renderWithProviders(null, { route: '/applied-by-agencies' });
    await screen.findByRole('heading', { level: 1 });
    expect(currentPath(router)).toBe('/notFound');
  });
});
