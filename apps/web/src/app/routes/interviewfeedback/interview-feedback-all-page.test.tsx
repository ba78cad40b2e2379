import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TInterview } from '@hireflow/contracts/interviews';
import type { TApplicationScorecards, TFeedbackAll } from '@hireflow/contracts/interviews-feedback';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { ApplicationScorecardsPanel } from '@/features/interviews/feedback/application-scorecards-panel';

const http = mockHttp();

const interview = (n: number, over: Partial<TInterview> = {}): TInterview => ({
  id: `64e00000000000000000000${n}`, applicationId: '64c0000000000000000000a1', candidateId: '64c000000000000000000001', candidateName: `Candidate ${n}`,
  jobId: '64d000000000000000000001', jobTitle: 'Backend Engineer', roundId: null, roundName: 'Technical interview',
  start: '2026-11-20T09:00:00.000Z', end: '2026-11-20T10:00:00.000Z', durationMinutes: 60, timeZone: 'Europe/Berlin', mode: 'video', room: null,
  videoLink: '', phone: '', interviewers: [], status: 'scheduled', statusNote: '', scheduledBy: null, selfScheduled: false,
  createdAt: '2026-11-19T09:00:00.000Z', updatedAt: '2026-11-19T09:00:00.000Z', ...over,
});

function open(answer: TFeedbackAll) {
  signIn({ role: 'employee', timezone: 'Europe/Berlin' });
  http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
  http.onGet('/api/interview-feedback').reply(200, answer);
  return renderWithProviders(null, { route: '/interviewfeedback-all' });
}

describe('/interviewfeedback-all', () => {
  it('lists what I owe, overdue first and marked, and what I submitted, each linking to its scorecard', async () => {
    open({
      owed: [
        { interview: interview(1), state: 'pending', overdue: true },
        { interview: interview(2, { roundName: 'Culture' }), state: 'draft', overdue: false },
      ],
      submitted: { items: [{ interview: interview(3), recommendation: 'strong_yes', submittedAt: '2026-11-18T12:00:00.000Z' }], page: 1, pageSize: 20, total: 1 },
    });
    const owed = await screen.findByRole('region', { name: 'To submit' });
    const rows = within(owed).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Candidate 1, Technical interview' })).toHaveAttribute('href', '/interviewfeedback/64e000000000000000000001');
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Candidate 2, Culture' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Draft saved')).toBeInTheDocument();

    const submitted = screen.getByRole('region', { name: 'Submitted' });
    expect(within(submitted).getByRole('link', { name: 'Candidate 3, Technical interview' })).toHaveAttribute('href', '/interviewfeedback/64e000000000000000000003');
    expect(within(submitted).getByText('Strong yes')).toBeInTheDocument();
    // The nav leads here for anyone who may sit on a panel.
    expect(screen.getByRole('link', { name: 'Interview feedback' })).toHaveAttribute('href', '/interviewfeedback-all');
  });

  it('says so when nothing is owed or submitted', async () => {
    open({ owed: [], submitted: { items: [], page: 1, pageSize: 20, total: 0 } });
    expect(await screen.findByText('You are all caught up: no scorecards to write.')).toBeInTheDocument();
    expect(screen.getByText('You have not submitted any scorecards yet.')).toBeInTheDocument();
  });
});

describe('the application page\'s Scorecards panel', () => {
  it('shows the submitted scorecards I may read with their recommendation and ratings', async () => {
    const answer: TApplicationScorecards = {
      items: [{
        id: '64b000000000000000000001', interviewId: '64e000000000000000000001', interviewer: { id: 'u1', name: 'Paul Panel' }, status: 'submitted',
        ratings: [{ attributeId: 'a1', name: 'System design', rating: 2, note: 'Missed caching' }, { attributeId: 'a2', name: 'Communication', rating: null, note: '' }],
        recommendation: 'no', notes: 'Not yet senior', privateNotes: null, submittedAt: '2026-11-20T12:00:00.000Z', updatedAt: '2026-11-20T12:00:00.000Z',
        interview: { id: '64e000000000000000000001', roundName: 'Technical interview', start: '2026-11-20T09:00:00.000Z' },
      }],
    };
    http.onGet('/api/applications/64c0000000000000000000a1/scorecards').reply(200, answer);
    renderWithProviders(<ApplicationScorecardsPanel applicationId="64c0000000000000000000a1" />);
    const panel = await screen.findByRole('region', { name: 'Scorecards' });
    const article = within(panel).getByRole('article', { name: 'Scorecard of Paul Panel' });
    expect(within(article).getByText(/^Paul Panel · Technical interview/)).toBeInTheDocument();
    expect(within(article).getByText('No')).toBeInTheDocument();
    expect(within(article).getByText('2 · Mixed')).toBeInTheDocument();
    expect(within(article).getByText('Not assessed')).toBeInTheDocument();
    expect(within(article).getByText('Not yet senior')).toBeInTheDocument();
  });

  it('says when there is nothing to read yet', async () => {
    http.onGet('/api/applications/64c0000000000000000000a1/scorecards').reply(200, { items: [] });
    renderWithProviders(<ApplicationScorecardsPanel applicationId="64c0000000000000000000a1" />);
    expect(await screen.findByText('No submitted scorecards you can see yet.')).toBeInTheDocument();
  });
});
