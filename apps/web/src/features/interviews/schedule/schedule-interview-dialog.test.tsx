import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFreeSlotResponse, TInterview, TInterviewPlan, TMeetingRoom } from '@hireflow/contracts/interviews';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { ScheduleInterviewDialog } from './schedule-interview-dialog';

const http = mockHttp();
const applicationId = '64c0000000000000000000a1';
const jobId = '64d000000000000000000001';
const ivy = { id: '64b0000000000000000000f1', name: 'Ivy Interviewer', email: 'ivy@acme.test' };
const hank = { id: '64b0000000000000000000f2', name: 'Hank Manager', email: 'hank@acme.test' };
const roomId = '64e000000000000000000001';
const addressId = '64e0000000000000000000a9';
// Monday 23 March 2026, 09:00 in Berlin (CET, +01:00); summer time starts on Sunday 29 March.
const now = new Date('2026-03-23T08:00:00.000Z');

const plan: TInterviewPlan = {
  jobId,
  inherited: false,
  rounds: [
    { id: '64f000000000000000000001', name: 'Technical', durationMinutes: 60, interviewers: [ivy, hank].map(({ id, name }) => ({ id, name })), attributes: [] },
    { id: '64f000000000000000000002', name: 'Culture', durationMinutes: 45, interviewers: [], attributes: [] },
  ],
};
const room: TMeetingRoom = { id: roomId, name: 'Ada room', locationId: 'l1', locationName: 'Berlin', addressId, addressLabel: 'Main St 1', capacity: 6, equipment: [], active: true };
const slots: TFreeSlotResponse = {
  timeZone: 'Europe/Berlin',
  durationMinutes: 60,
  truncated: false,
  slots: [
    { start: '2026-03-23T10:00:00.000+01:00', end: '2026-03-23T11:00:00.000+01:00', roomId: null, roomName: null },
    { start: '2026-03-23T14:00:00.000+01:00', end: '2026-03-23T15:00:00.000+01:00', roomId: null, roomName: null },
    { start: '2026-03-24T09:00:00.000+01:00', end: '2026-03-24T10:00:00.000+01:00', roomId: null, roomName: null },
  ],
};

function interviewOf(body: Record<string, unknown>): TInterview {
  return {
    id: '64a000000000000000000011', applicationId, candidateId: 'c1', candidateName: 'Ada Lovelace', jobId, jobTitle: 'Backend Engineer',
    roundId: (body.roundId as string | null) ?? null, roundName: String(body.roundName), start: String(body.start), end: String(body.start), durationMinutes: Number(body.durationMinutes),
    timeZone: 'Europe/Berlin', mode: 'video', room: null, videoLink: String(body.videoLink ?? ''), phone: '', interviewers: [], status: 'scheduled', statusNote: '',
    scheduledBy: null, selfScheduled: false, createdAt: now.toISOString(), updatedAt: now.toISOString(),
  };
}

function serve({ freeSlots = slots }: { freeSlots?: TFreeSlotResponse } = {}) {
  signIn({ role: 'recruiter', timezone: 'Europe/Berlin' });
  http.onGet(`/api/jobs/${jobId}/interview-plan`).reply(200, plan);
  http.onPost('/api/meetingroom/fetch').reply(200, { items: [room] });
  http.onGet('/api/mail/templates').reply(200, { items: [{ id: '64a000000000000000000021', kind: 'interview', name: 'Friendly invite', subject: 's', body: 'b', updatedAt: now.toISOString() }] });
  const slotRequests: Record<string, unknown>[] = [];
  http.onPost('/api/user/calendar/getfreeslotforhire').reply((config) => {
    slotRequests.push(JSON.parse(config.data as string) as Record<string, unknown>);
    return [200, freeSlots];
  });
  return { slotRequests };
}

function open() {
  const closed: string[] = [];
  renderWithProviders(<ScheduleInterviewDialog opened onClose={() => closed.push('closed')} applicationId={applicationId} jobId={jobId} candidateName="Ada Lovelace" now={now} />);
  return closed;
}

describe('ScheduleInterviewDialog', () => {
  it("offers the round's free slots grouped by day on my clock; the picked one is booked as sent", async () => {
    const { slotRequests } = serve();
    const bodies: Record<string, unknown>[] = [];
    http.onPost('/api/interviews').reply((config) => {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      bodies.push(body);
      return [201, { interview: interviewOf(body), conflicts: [], mail: { candidate: 'sent', interviewersSent: 1, failed: [] } }];
    });
    const closed = open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview with Ada Lovelace' });
    const monday = await within(dialog).findByRole('group', { name: 'Monday 23 March' });
    expect(within(monday).getAllByRole('button').map((b) => b.textContent)).toEqual(['10:00–11:00', '14:00–15:00']);
    expect(within(within(dialog).getByRole('group', { name: 'Tuesday 24 March' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['09:00–10:00']);
    // The plan's first round chose the duration and the interviewers; the search is this week from now, in Berlin.
    expect(slotRequests[0]).toEqual({
      interviewerIds: [ivy.id, hank.id],
      durationMinutes: 60,
      from: '2026-03-23T09:00:00.000+01:00',
      to: '2026-03-30T00:00:00.000+02:00',
      timeZone: 'Europe/Berlin',
    });

    await user.click(within(monday).getByRole('button', { name: '14:00–15:00' }));
    expect(within(monday).getByRole('button', { name: '14:00–15:00' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText(/^Time/)).toHaveValue('14:00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Video call link' }), 'https://meet.example.test/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule interview' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      applicationId,
      roundId: plan.rounds[0]!.id,
      roundName: 'Technical',
      start: '2026-03-23T13:00:00.000Z',
      durationMinutes: 60,
      timeZone: 'Europe/Berlin',
      mode: 'video',
      roomId: null,
      videoLink: 'https://meet.example.test/abc',
      phone: '',
      interviewerIds: [ivy.id, hank.id],
      templateId: null,
      note: '',
      notifyCandidate: true,
      acknowledgeConflicts: false,
    });
    await waitFor(() => expect(closed).toEqual(['closed']));
  });

  it('asks for the video link, unless my connected calendar will make one (then it may stay empty)', async () => {
    serve();
    const bodies: Record<string, unknown>[] = [];
    http.onPost('/api/interviews').reply((config) => {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      bodies.push(body);
      return [201, { interview: interviewOf(body), conflicts: [], mail: { candidate: 'sent', interviewersSent: 1, failed: [] } }];
    });
    const mine = (connected: boolean) => ({
      providers: { google: true, microsoft: false },
      warnings: [],
      connections: connected
        ? [{ id: 'c1', service: 'calendar', owner: 'user', provider: 'google', label: 'Google Calendar', account: 'rita@acme.test', status: 'connected', connectedAt: now.toISOString(), lastError: null, lastErrorAt: null, userId: 'u1', meetingRoomId: null, sharedEmail: null }]
        : [],
    });
    http.onGet('/api/integrations/mine').replyOnce(200, mine(false)).onGet('/api/integrations/mine').reply(200, mine(true));
    const user = userEvent.setup();
    open();
    let dialog = await screen.findByRole('dialog', { name: 'Schedule an interview with Ada Lovelace' });
    let monday = await within(dialog).findByRole('group', { name: 'Monday 23 March' });
    await user.click(within(monday).getByRole('button', { name: '14:00–15:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule interview' }));
    expect(await within(dialog).findByText('Add the video call link')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    document.body.innerHTML = '';

    open();
    dialog = await screen.findByRole('dialog', { name: 'Schedule an interview with Ada Lovelace' });
    expect(await within(dialog).findByText('Leave empty for a Google Meet link from your calendar')).toBeInTheDocument();
    monday = await within(dialog).findByRole('group', { name: 'Monday 23 March' });
    await user.click(within(monday).getByRole('button', { name: '14:00–15:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule interview' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ mode: 'video', videoLink: '' });
  });

  it('names the interviewers who are busy then, and "Book anyway" books with the conflicts acknowledged', async () => {
    serve();
    const bodies: Record<string, unknown>[] = [];
    http.onPost('/api/interviews').reply((config) => {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      bodies.push(body);
      if (!body.acknowledgeConflicts) {
        return [409, { code: 'conflict', message: 'Some interviewers are already booked at that time.', details: { conflicts: [{ userId: hank.id, userName: 'Hank Manager', interviewId: 'x', start: '2026-03-23T09:30:00.000Z', end: '2026-03-23T10:30:00.000Z' }] } }];
      }
      return [201, { interview: interviewOf(body), conflicts: [], mail: { candidate: 'sent', interviewersSent: 1, failed: [] } }];
    });
    const closed = open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: '10:00–11:00' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Video call link' }), 'https://meet.example.test/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule interview' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Some interviewers are already booked then');
    expect(alert).toHaveTextContent('Hank Manager (10:30–11:30)');
    await user.click(within(alert).getByRole('button', { name: 'Book anyway' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies.map((b) => b.acknowledgeConflicts)).toEqual([false, true]);
    expect(bodies[1]).toMatchObject({ start: '2026-03-23T09:00:00.000Z' });
    await waitFor(() => expect(closed).toEqual(['closed']));
  });

  it('books a typed time on my clock as the right instant after the clocks change, on site in the chosen room', async () => {
    const { slotRequests } = serve({ freeSlots: { ...slots, slots: [] } });
    const bodies: Record<string, unknown>[] = [];
    http.onPost('/api/interviews').reply((config) => {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      bodies.push(body);
      return [409, { code: 'room_taken', message: 'That meeting room is already booked at that time. Pick another room or time.' }];
    });
    open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No free slots in this range: widen the range or choose fewer interviewers.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'On site' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Office' }));
    await user.click(await screen.findByRole('option', { name: 'Berlin: Main St 1' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Meeting room' }));
    await user.click(await screen.findByRole('option', { name: 'Ada room (6 seats)' }));
    // The search now asks for a free room at that office.
    await waitFor(() => expect(slotRequests.at(-1)).toMatchObject({ addressId }));
    await user.type(within(dialog).getByLabelText('Date'), '2026-03-30');
    await user.type(within(dialog).getByLabelText(/^Time/), '10:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule interview' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // 10:30 in Berlin on 30 March is summer time (+02:00).
    expect(bodies[0]).toMatchObject({ start: '2026-03-30T08:30:00.000Z', mode: 'onsite', roomId, videoLink: '' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That meeting room is already booked at that time.');
  });

  it('reschedules with the interview as it was, and sends the new time without the application', async () => {
    const { slotRequests } = serve();
    const existing = { ...interviewOf({ roundId: plan.rounds[0]!.id, roundName: 'Technical', start: '2026-03-24T09:00:00.000Z', durationMinutes: 60, videoLink: 'https://meet.example.test/old' }), interviewers: [{ ...ivy, feedback: 'pending' as const }] };
    const bodies: Record<string, unknown>[] = [];
    http.onPatch(`/api/interviews/${existing.id}`).reply((config) => {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      bodies.push(body);
      return [200, { interview: interviewOf({ ...body, applicationId }), conflicts: [], mail: { candidate: 'sent', interviewersSent: 1, failed: [] } }];
    });
    const closed: string[] = [];
    renderWithProviders(<ScheduleInterviewDialog opened onClose={() => closed.push('closed')} applicationId={applicationId} jobId={jobId} candidateName="Ada Lovelace" interview={existing} now={now} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule the interview with Ada Lovelace' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-03-24');
    expect(within(dialog).getByLabelText(/^Time/)).toHaveValue('10:00');
    expect(within(dialog).getByRole('textbox', { name: 'Video call link' })).toHaveValue('https://meet.example.test/old');
    expect(within(dialog).queryByRole('button', { name: 'Let the candidate pick a time' })).toBeNull();
    await user.click(await within(dialog).findByRole('button', { name: '14:00–15:00' }));
    expect(slotRequests[0]).toMatchObject({ interviewerIds: [ivy.id] });
    await user.click(within(dialog).getByRole('button', { name: 'Save new time' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      roundId: plan.rounds[0]!.id,
      roundName: 'Technical',
      start: '2026-03-23T13:00:00.000Z',
      durationMinutes: 60,
      timeZone: 'Europe/Berlin',
      mode: 'video',
      roomId: null,
      videoLink: 'https://meet.example.test/old',
      phone: '',
      interviewerIds: [ivy.id],
      templateId: null,
      note: '',
      notifyCandidate: true,
      acknowledgeConflicts: false,
    });
    await waitFor(() => expect(closed).toEqual(['closed']));
  });

  it('lets the candidate pick a time: mails a link for the searched week', async () => {
    serve();
    const bodies: Record<string, unknown>[] = [];
    http.onPost('/api/interviews/self-schedule-links').reply((config) => {
      bodies.push(JSON.parse(config.data as string) as Record<string, unknown>);
      return [201, { id: '64a000000000000000000031', applicationId, url: 'http://localhost/schedule/tok', expiresAt: '2026-03-30T08:00:00.000Z', slotsOffered: 12, mail: 'sent' }];
    });
    const closed = open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('group', { name: 'Monday 23 March' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Video call link' }), 'https://meet.example.test/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Let the candidate pick a time' }));
    const form = within(dialog).getByRole('region', { name: 'Let the candidate pick a time' });
    await user.clear(within(form).getByRole('textbox', { name: 'The link stays valid for (days)' }));
    await user.type(within(form).getByRole('textbox', { name: 'The link stays valid for (days)' }), '5');
    await user.click(within(form).getByRole('button', { name: 'Send scheduling link' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      applicationId,
      roundId: plan.rounds[0]!.id,
      roundName: 'Technical',
      durationMinutes: 60,
      interviewerIds: [ivy.id, hank.id],
      mode: 'video',
      videoLink: 'https://meet.example.test/abc',
      from: '2026-03-23T09:00:00.000+01:00',
      to: '2026-03-30T00:00:00.000+02:00',
      expiresInDays: 5,
      timeZone: 'Europe/Berlin',
    });
    await waitFor(() => expect(closed).toEqual(['closed']));
  });

  it("says why no slots are shown: the search's refusal, or picked days that make no range", async () => {
    signIn({ role: 'recruiter', timezone: 'Europe/Berlin' });
    http.onGet(`/api/jobs/${jobId}/interview-plan`).reply(200, plan);
    http.onPost('/api/meetingroom/fetch').reply(200, { items: [] });
    http.onGet('/api/mail/templates').reply(200, { items: [] });
    http.onPost('/api/user/calendar/getfreeslotforhire').reply(400, { code: 'bad_request', message: 'to: may span at most 31 days' });
    open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('to: may span at most 31 days');
    await user.click(within(dialog).getByRole('radio', { name: 'Pick dates' }));
    await user.type(within(dialog).getByLabelText('From'), '2026-03-27');
    await user.type(within(dialog).getByLabelText('To'), '2026-03-25');
    expect(await within(dialog).findByText('Choose the first and last day to search.')).toBeInTheDocument();
    // On site without rooms: the dialog says where rooms come from.
    await user.click(within(dialog).getByRole('radio', { name: 'On site' }));
    expect(await within(dialog).findByText(/No meeting rooms yet/)).toBeInTheDocument();
  });
});
