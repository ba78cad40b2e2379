import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInterview } from '@hireflow/contracts/interviews';
import type { TInterviewFeedback, TScorecard } from '@hireflow/contracts/interviews-feedback';
import { currentPath, renderWithProviders } from '@/test/render';
import { peekSavedUrl } from '@/lib/session';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const id = '64e0000000000000000000a1';
const me = { id: '64a000000000000000000001', name: 'Ines Interviewer' };
const colleague = { id: '64a000000000000000000002', name: 'Paul Panel' };
const design = { id: '64f000000000000000000001', name: 'System design' };
const communication = { id: '64f000000000000000000002', name: 'Communication' };

const interview: TInterview = {
  id, applicationId: '64c0000000000000000000a1', candidateId: '64c000000000000000000001', candidateName: 'Ada Lovelace',
  jobId: '64d000000000000000000001', jobTitle: 'Backend Engineer', roundId: null, roundName: 'Technical interview',
  start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T10:00:00.000Z', durationMinutes: 60, timeZone: 'Europe/Berlin', mode: 'video', room: null,
  videoLink: 'https://meet.example.test/x', phone: '',
  interviewers: [{ ...me, email: 'ines@acme.test', feedback: 'pending' }, { ...colleague, email: 'paul@acme.test', feedback: 'submitted' }],
  status: 'scheduled', statusNote: '', scheduledBy: null, selfScheduled: false, createdAt: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z',
};

const card = (over: Partial<TScorecard>): TScorecard => ({
  id: '64b000000000000000000001', interviewId: id, interviewer: me, status: 'draft', ratings: [], recommendation: null, notes: '', privateNotes: '',
  submittedAt: null, updatedAt: '2026-11-23T10:05:00.000Z', ...over,
});
const colleagueCard = card({
  id: '64b000000000000000000002', interviewer: colleague, status: 'submitted', recommendation: 'no', notes: 'Struggled with caching', privateNotes: null,
  ratings: [{ attributeId: design.id, name: design.name, rating: 2, note: '' }, { attributeId: communication.id, name: communication.name, rating: 4, note: 'Very clear' }],
  submittedAt: '2026-11-23T11:00:00.000Z',
});

const feedback = (over: Partial<TInterviewFeedback> = {}): TInterviewFeedback => ({
  interview,
  attributes: [design, communication],
  mine: { scorecard: null, canWrite: true },
  othersVisible: false,
  others: [{ interviewer: colleague, state: 'submitted', scorecard: null }],
  ...over,
});

function open(answer: TInterviewFeedback) {
  signIn({ id: me.id, role: 'employee', timezone: 'Europe/Berlin' });
  http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
  http.onGet(`/api/interviews/${id}/feedback`).reply(200, answer);
  return renderWithProviders(null, { route: `/interviewfeedback/${id}` });
}

describe('/interviewfeedback/:interviewId', () => {
  it('shows the interview in my time zone and saves my draft while I write', async () => {
    const drafts: unknown[] = [];
    http.onPut(`/api/interviews/${id}/feedback`).reply((config) => {
      drafts.push(JSON.parse(config.data as string));
      return [200, card({ notes: 'Good start' })];
    });
    open(feedback());
    expect(await screen.findByRole('heading', { level: 1, name: 'Scorecard: Ada Lovelace, Technical interview' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Interview' });
    expect(within(summary).getByText(/10:00.*11:00.*\(Europe\/Berlin\)/)).toBeInTheDocument();
    // The others' scorecards stay hidden: only their state shows.
    const panel = screen.getByRole('region', { name: 'The panel' });
    expect(within(panel).getByText('Submitted')).toBeInTheDocument();
    expect(within(panel).queryByText('Struggled with caching')).not.toBeInTheDocument();

    const user = userEvent.setup();
    const designGroup = screen.getByRole('radiogroup', { name: 'System design' });
    await user.click(within(designGroup).getByRole('radio', { name: '3 · Good' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Good start');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(drafts.at(-1)).toEqual({
      ratings: [{ attributeId: design.id, rating: 3, note: '' }],
      recommendation: null,
      notes: 'Good start',
      privateNotes: '',
    });
  });

  it('asks for every attribute and a recommendation, submits after confirming, then shows it read-only with the panel', async () => {
    const submitted: unknown[] = [];
    http.onPut(`/api/interviews/${id}/feedback`).reply(200, card({}));
    const mine = card({
      status: 'submitted', recommendation: 'strong_yes', notes: 'Hire', privateNotes: 'Knows my old team', submittedAt: '2026-11-23T12:00:00.000Z',
      ratings: [{ attributeId: design.id, name: design.name, rating: 4, note: 'Great trade-offs' }, { attributeId: communication.id, name: communication.name, rating: null, note: '' }],
    });
    http.onPost(`/api/interviews/${id}/feedback/submit`).reply((config) => {
      submitted.push(JSON.parse(config.data as string));
      return [200, feedback({ mine: { scorecard: mine, canWrite: false }, othersVisible: true, others: [{ interviewer: colleague, state: 'submitted', scorecard: colleagueCard }] })];
    });
    open(feedback());
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('radiogroup', { name: 'System design' })).getByRole('radio', { name: '4 · Excellent' }));
    await user.type(screen.getByRole('textbox', { name: 'Note on System design' }), 'Great trade-offs');
    await user.click(screen.getByRole('button', { name: 'Submit scorecard' }));
    expect(await screen.findByText('Rate every focus attribute or mark it as not assessed: Communication.')).toBeInTheDocument();
    expect(screen.getByText('Choose an overall recommendation.')).toBeInTheDocument();

    await user.click(within(screen.getByRole('radiogroup', { name: 'Communication' })).getByRole('radio', { name: 'Not assessed' }));
    await user.click(screen.getByRole('radio', { name: 'Strong yes' }));
    await user.type(screen.getByRole('textbox', { name: /^Private notes/ }), 'Knows my old team');
    await user.click(screen.getByRole('button', { name: 'Submit scorecard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your scorecard?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      ratings: [{ attributeId: design.id, rating: 4, note: 'Great trade-offs' }, { attributeId: communication.id, rating: null, note: '' }],
      recommendation: 'strong_yes',
      notes: '',
      privateNotes: 'Knows my old team',
    });
    expect(await screen.findByText('Submitted: final')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit scorecard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'System design' })).not.toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'The panel' });
    const theirs = within(panel).getByRole('article', { name: 'Scorecard of Paul Panel' });
    expect(within(theirs).getByText('Struggled with caching')).toBeInTheDocument();
    expect(within(theirs).getByText('No')).toBeInTheDocument();
    expect(within(theirs).getByText('4 · Excellent')).toBeInTheDocument();
  });

  it('opens a submitted scorecard read-only, and says a missing interview is not found', async () => {
    const mine = card({ status: 'submitted', recommendation: 'yes', notes: 'Solid', submittedAt: '2026-11-23T12:00:00.000Z', ratings: [{ attributeId: design.id, name: design.name, rating: 3, note: '' }] });
    const view = open(feedback({ mine: { scorecard: mine, canWrite: false }, othersVisible: true, others: [{ interviewer: colleague, state: 'submitted', scorecard: colleagueCard }] }));
    const article = await screen.findByRole('article', { name: 'Scorecard of Ines Interviewer' });
    expect(within(article).getByText('3 · Good')).toBeInTheDocument();
    expect(within(article).getByText('Yes')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    view.unmount();

    http.onGet(`/api/interviews/${id}/feedback`).reply(404, { code: 'not_found', message: 'Interview not found' });
    renderWithProviders(null, { route: `/interviewfeedback/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends a signed-out interviewer who opens the mailed link through sign-in, keeping the link to return to', async () => {
    const { router } = renderWithProviders(null, { route: `/interviewfeedback/${id}` });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(peekSavedUrl()).toBe(`/interviewfeedback/${id}`);
  });

  it('shows a colleague\'s submission when it happens, keeping what I typed', async () => {
    http.onPut(`/api/interviews/${id}/feedback`).reply(200, card({}));
    const pendingColleague = feedback({ interview: { ...interview, interviewers: [interview.interviewers[0]!, { ...interview.interviewers[1]!, feedback: 'draft' }] }, others: [{ interviewer: colleague, state: 'draft', scorecard: null }] });
    open(pendingColleague);
    const panel = await screen.findByRole('region', { name: 'The panel' });
    expect(within(panel).getByText('Writing')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Half way');

    http.onGet(`/api/interviews/${id}/feedback`).reply(200, feedback());
    emitLiveEvent({ id: 'e1', kind: 'interview.changed', at: '2026-11-23T12:00:00.000Z', jobId: interview.jobId, applicationId: interview.applicationId, candidateId: interview.candidateId, byUserId: colleague.id, data: { interviewId: id, change: 'feedback_submitted' } });
    expect(await within(panel).findByText('Submitted')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Half way');
  });

  it('rates with the keyboard: arrows move within an attribute\'s ratings', async () => {
    http.onPut(`/api/interviews/${id}/feedback`).reply(200, card({}));
    open(feedback());
    const group = await screen.findByRole('radiogroup', { name: 'Communication' });
    const user = userEvent.setup();
    await user.click(within(group).getByRole('radio', { name: '1 · Poor' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '3 · Good' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '3 · Good' })).toHaveFocus();
  });
});
