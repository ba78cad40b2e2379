import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBoard, TLiveEvent, TPipelineCard } from '@hireflow/contracts/pipeline';
import { PipelineMessages } from '@hireflow/contracts/pipeline';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';

const http = mockHttp();

const jobId = '64c000000000000000000100';
const applied = '64c000000000000000000a01';
const interview = '64c000000000000000000a02';
const rejected = '64c000000000000000000a03';
const now = new Date().toISOString();

function card(id: string, name: string, overrides: Partial<TPipelineCard> = {}): TPipelineCard {
  return {
    applicationId: id,
    candidateId: `${id.slice(0, -1)}f`,
    jobId,
    jobTitle: 'Backend Engineer',
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
    currentTitle: 'Engineer',
    source: 'career_site',
    stageId: applied,
    stageKind: 'screening',
    stageEnteredAt: now,
    appliedAt: now,
    tags: [],
    owner: { id: '64b000000000000000000999', name: 'Rita Recruiter' },
    rejectionReason: '',
    withdrawn: false,
    onHold: false,
    ...overrides,
  };
}

const ada = card('64c000000000000000000201', 'Ada Lovelace', { currentTitle: 'Analyst', tags: ['python'], source: 'referral' });
const grace = card('64c000000000000000000202', 'Grace Hopper', { stageEnteredAt: new Date(Date.now() - 3_600_000).toISOString() });
const alan = card('64c000000000000000000203', 'Alan Turing', { stageId: interview, stageKind: 'interview' });

function boardOf(overrides: Partial<TBoard> = {}): TBoard {
  return {
    job: { id: jobId, title: 'Backend Engineer', status: 'open', mine: true },
    picked: 'last_opened',
    canMove: true,
    stages: [
      { id: applied, name: 'Applied', kind: 'screening', count: 2, cards: [ada, grace], nextCursor: null },
      { id: interview, name: 'Interview', kind: 'interview', count: 1, cards: [alan], nextCursor: null },
      { id: rejected, name: 'Rejected', kind: 'rejected', count: 0, cards: [], nextCursor: null },
    ],
    jobs: [{ id: jobId, title: 'Backend Engineer', status: 'open', mine: true }],
    ...overrides,
  };
}

function open(board: TBoard = boardOf()) {
  signIn({ role: 'recruiter' });
  http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
  http.onGet('/api/workflow').reply(200, board);
  return renderWithProviders(null, { route: '/workflow' });
}

const column = (name: string) => screen.getByRole('region', { name });
const namesIn = (name: string) => within(column(name)).queryAllByRole('link').map((a) => a.textContent);
const countOf = (name: string) => within(column(name)).getByLabelText(new RegExp(`in ${name}$`)).textContent;

describe('/workflow', () => {
  it("shows the job's columns with their counts and cards", async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Workflow: Backend Engineer' })).toBeInTheDocument();
    expect(countOf('Applied')).toBe('2');
    expect(countOf('Interview')).toBe('1');
    expect(countOf('Rejected')).toBe('0');
    expect(namesIn('Applied')).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(within(column('Applied')).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/application/${ada.applicationId}`);
    const adaCard = within(column('Applied')).getAllByRole('listitem')[0]!;
    expect(within(adaCard).getByText('Analyst')).toBeInTheDocument();
    expect(within(adaCard).getByText('python')).toBeInTheDocument();
    expect(within(adaCard).getByText(/Referral · Today in stage/)).toBeInTheDocument();
    expect(within(adaCard).getByLabelText('Owner: Rita Recruiter')).toHaveTextContent('RR');
    expect(within(column('Rejected')).getByText(/No applicants in this stage/)).toBeInTheDocument();

    // Selecting cards brings the bulk actions for them.
    await userEvent.setup().click(within(adaCard).getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 applicant selected')).toBeInTheDocument();
  });

  it('moves a card with the keyboard (space, arrow, space), announces it and calls the API', async () => {
    open();
    const user = userEvent.setup();
    const handle = await screen.findByRole('button', { name: 'Drag Ada Lovelace' });
    http.onPost(`/api/applications/${ada.applicationId}/move`).reply(200, { card: { ...ada, stageId: interview, stageKind: 'interview' }, fromStageId: applied, jobStatus: 'open' });
    handle.focus();
    await user.keyboard('[Space]');
    expect(await screen.findByText('Picked up Ada Lovelace in Applied.')).toBeInTheDocument();
    await user.keyboard('[ArrowRight]');
    expect(await screen.findByText('Ada Lovelace is over Interview.')).toBeInTheDocument();
    await user.keyboard('[Space]');
    expect(await screen.findByText('Ada Lovelace moved to Interview.')).toBeInTheDocument();

    await waitFor(() => expect(http.history.post).toHaveLength(1));
    expect(JSON.parse(http.history.post[0]!.data as string)).toEqual({ stageId: interview });
    await waitFor(() => expect(namesIn('Interview')).toEqual(['Ada Lovelace', 'Alan Turing']));
    expect(namesIn('Applied')).toEqual(['Grace Hopper']);
    expect(countOf('Applied')).toBe('1');
    expect(countOf('Interview')).toBe('2');
    // The keyboard user stays on the card in its new column.
    await waitFor(() => expect(within(column('Interview')).getByRole('button', { name: 'Drag Ada Lovelace' })).toHaveFocus());
  });

  it("puts the card back and shows the server's message when the move is refused", async () => {
    open();
    const user = userEvent.setup();
    let answer: (value: [number, unknown]) => void = () => {};
    http.onPost(`/api/applications/${ada.applicationId}/move`).reply(() => new Promise((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Interview' }));
    // It shows at once, before the server answers.
    await waitFor(() => expect(namesIn('Interview')).toEqual(['Ada Lovelace', 'Alan Turing']));
    expect(countOf('Interview')).toBe('2');

    act(() => answer([409, { code: 'conflict', message: PipelineMessages.changedMeanwhile }]));
    expect(await screen.findByText(PipelineMessages.changedMeanwhile)).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace was not moved')).toBeInTheDocument();
    await waitFor(() => expect(namesIn('Applied')).toEqual(['Ada Lovelace', 'Grace Hopper']));
    expect(namesIn('Interview')).toEqual(['Alan Turing']);
    expect(countOf('Applied')).toBe('2');
    expect(countOf('Interview')).toBe('1');
  });

  it("moves a card when a colleague's move arrives, once however often the event comes", async () => {
    open();
    await screen.findByRole('link', { name: 'Grace Hopper' });
    const event: TLiveEvent = {
      id: 'ev-1',
      kind: 'application.moved',
      at: now,
      jobId,
      applicationId: grace.applicationId,
      candidateId: grace.candidateId,
      byUserId: '64b000000000000000000998',
      data: { fromStageId: applied, card: { ...grace, stageId: interview, stageKind: 'interview', stageEnteredAt: new Date(Date.now() + 1000).toISOString() } },
    };
    act(() => emitLiveEvent(event));
    await waitFor(() => expect(namesIn('Interview')).toEqual(['Grace Hopper', 'Alan Turing']));
    act(() => {
      emitLiveEvent(event);
      emitLiveEvent({ ...event, id: 'ev-1-again' });
    });
    expect(namesIn('Applied')).toEqual(['Ada Lovelace']);
    expect(namesIn('Interview')).toEqual(['Grace Hopper', 'Alan Turing']);
    expect(countOf('Applied')).toBe('1');
    expect(countOf('Interview')).toBe('2');

    // A new applicant on this job joins its column; one of another job does not.
    const newcomer = card('64c000000000000000000204', 'Katherine Johnson');
    act(() => {
      emitLiveEvent({ ...event, id: 'ev-2', kind: 'application.created', applicationId: newcomer.applicationId, data: { card: newcomer } });
      emitLiveEvent({ ...event, id: 'ev-3', kind: 'application.created', jobId: '64c000000000000000000999', data: { card: { ...newcomer, applicationId: '64c000000000000000000205', name: 'Other Job', jobId: '64c000000000000000000999' } } });
    });
    await waitFor(() => expect(namesIn('Applied')).toEqual(['Katherine Johnson', 'Ada Lovelace']));
    expect(countOf('Applied')).toBe('2');
  });

  it('asks for a rejection reason before moving a card to the rejected stage', async () => {
    open();
    const user = userEvent.setup();
    http.onGet('/api/rejection-reasons').reply(200, { items: [{ id: '64c000000000000000000301', label: 'Not enough experience', active: true, usedCount: 0 }] });
    http.onGet('/api/mail/templates').reply(200, { items: [] });
    http.onPost(`/api/applications/${grace.applicationId}/move`).reply(200, { card: { ...grace, stageId: rejected, stageKind: 'rejected', rejectionReason: 'Not enough experience' }, fromStageId: applied, jobStatus: 'open' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Grace Hopper' });
    // Nothing moves until the reason is confirmed.
    expect(namesIn('Rejected')).toEqual([]);
    expect(http.history.post).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Rejection reason' }));
    await user.click(await screen.findByRole('option', { name: 'Not enough experience', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(http.history.post).toHaveLength(1));
    expect(JSON.parse(http.history.post[0]!.data as string)).toMatchObject({ stageId: rejected, reason: 'Not enough experience' });
    await waitFor(() => expect(namesIn('Rejected')).toEqual(['Grace Hopper']));
    expect(countOf('Rejected')).toBe('1');
  });

  it('lets someone off the hiring team look without moving', async () => {
    open(boardOf({ canMove: false }));
    expect(await screen.findByText(/only the job's hiring team moves its applicants/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Drag Ada Lovelace' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Actions for Ada Lovelace' }));
    expect(await screen.findByRole('menuitem', { name: 'Interview' })).toBeDisabled();
  });

  it("opens the scheduling dialog from a card's menu", async () => {
    open();
    http.onGet(`/api/jobs/${jobId}/interview-plan`).reply(200, { jobId, inherited: false, rounds: [{ id: '64f000000000000000000001', name: 'Technical', durationMinutes: 45, interviewers: [], attributes: [] }] });
    http.onPost('/api/meetingroom/fetch').reply(200, { items: [] });
    http.onGet('/api/mail/templates').reply(200, { items: [] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Alan Turing' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Schedule interview…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview with Alan Turing' });
    expect(await within(dialog).findByDisplayValue('Technical')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Duration (minutes)' })).toHaveValue('45');
  });

  it('without a job yet, says what to do', async () => {
    open(boardOf({ job: null, picked: 'none', canMove: false, stages: [], jobs: [] }));
    expect(await screen.findByText('No job on your board yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'see the jobs' })).toHaveAttribute('href', '/jobs');
  });
});
