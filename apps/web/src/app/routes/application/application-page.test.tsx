import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TApplicationDetail } from '@hireflow/contracts/candidates-profile';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
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
    renderWithProviders(null, { route: `/application/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace for Backend Engineer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Candidate profile' })).toHaveAttribute('href', '/candidate/64c000000000000000000001');
    const stages = screen.getByRole('region', { name: 'Stages' });
    expect(within(stages).getByText('Interview').closest('li')).toHaveAttribute('aria-current', 'step');
    const history = screen.getByRole('region', { name: 'Stage history' });
    expect(within(history).getByText('Applied → Interview')).toBeInTheDocument();
    expect(within(history).getByText(/Rita Recruiter/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Answers' })).getByText('Engines')).toBeInTheDocument();
  });

  it('says the page is not found for an application the user may not see', async () => {
    signIn({ role: 'employee' });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
    http.onGet(`/api/applications/${id}`).reply(404, { code: 'not_found', message: 'Application not found' });
    renderWithProviders(null, { route: `/application/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
