import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterviewApi, type TFreeSlotResponse } from '@hireflow/contracts/interviews';
import { IntegrationMessages, IntegrationsApi, ZAuthorisationCheck, ZCallbackResult } from '@hireflow/contracts/integrations';
import { buildPath } from '@hireflow/contracts/routes';
import { JobWorker } from '../../../lib/job-queue';
import { MailJob } from '../../../lib/mailer';
import { Interview } from '../../interviews/interview.model';
import { Application } from '../../candidates/applications/application.model';
import { OutboxMail } from '../../mail/outbox.model';
import { addMeetingRoom, buildInterviewCompany, setWorkingHours, type InterviewCompany } from '../../interviews/interviews.test-support';
import { IntegrationConnection } from '../connections/connection.model';
import { startAppWithPeers, runOAuthRoundTrip } from '../integrations.test-support';
import { CalendarSyncJob } from './calendar-events.job';
import { putEvent } from './calendar-client';
import { findConnection } from '../connections/connections';

let ctx: Awaited<ReturnType<typeof startAppWithPeers>>;
let co: InterviewCompany;
let other: InterviewCompany;
let worker: JobWorker;
// The app clock: Monday 4 March 2030, 08:00 UTC.
const now = Date.parse('2030-03-04T08:00:00Z');

beforeAll(async () => {
  ctx = await startAppWithPeers({ RATE_LIMIT_DISABLED: 'true' });
  ctx.app.locals.clock = { now: () => now };
  // The tests run the queue themselves: each waits for exactly the work its change queued.
  await ctx.worker.stop({ graceMs: 0 });
  worker = new JobWorker({ definitions: [CalendarSyncJob, MailJob], config: ctx.config, logger: ctx.logger });
  co = await buildInterviewCompany(ctx.app, ctx.config, { applicants: 4 });
  other = await buildInterviewCompany(ctx.app, ctx.config, { applicants: 1, title: 'Other company job' });
  for (const p of [co.co.employee, co.co.hm, co.co.approver1, co.co.recruiter]) await setWorkingHours(co.co.customerId, p.user._id, 'UTC');
}, 120_000);
afterAll(async () => ctx?.stop());

type Person = InterviewCompany['co']['employee'];
const get = (auth: string, path: string) => request(ctx.app).get(path).set('Authorization', auth);
const send = (method: 'post' | 'patch', auth: string, path: string, body: object) => request(ctx.app)[method](path).set('Authorization', auth).send(body);

/** A user connects their own calendar at the provider and comes back to the calendar callback. */
async function connectCalendar(person: Person, provider: 'google' | 'microsoft') {
  const { started, finished } = await runOAuthRoundTrip(ctx.app, ctx.peers, {
    auth: person.auth,
    start: { method: 'post', path: IntegrationsApi.connect, body: { service: 'calendar', provider } },
    finish: () => ({ method: 'get', path: IntegrationsApi.authCalender }),
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return finished!;
}

/** An admin connects a meeting room's resource calendar, signing in as the room's account. */
async function connectRoom(admin: Person, roomId: string, provider: 'google' | 'microsoft', account: string, query: Record<string, string> = { meetingRoomId: roomId }) {
  ctx.peers.setIdentity({ email: account });
  return runOAuthRoundTrip(ctx.app, ctx.peers, {
    auth: admin.auth,
    start: { method: 'post', path: IntegrationsApi.connect, body: { service: 'room-calendar', provider, meetingRoomId: roomId } },
    finish: () => ({ method: 'get', path: IntegrationsApi.authCalender, query }),
  });
}

const checkUser = (auth: string, userId: string) => get(auth, buildPath(IntegrationsApi.checkUserAuthenticated, { x: userId }));
const checkRoom = (auth: string, roomId: string) => get(auth, buildPath(IntegrationsApi.checkMRAuthenticated, { x: roomId }));

async function freeSlots(interviewerIds: string[], day: string, extra: object = {}): Promise<TFreeSlotResponse> {
  const res = await send('post', co.co.recruiter.auth, InterviewApi.freeSlots, {
    interviewerIds, durationMinutes: 60, stepMinutes: 60, from: `${day}T09:00:00Z`, to: `${day}T17:00:00Z`, timeZone: 'UTC', ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TFreeSlotResponse;
}
const hours = (r: TFreeSlotResponse) => r.slots.map((s) => s.start.slice(11, 16));
const freeBusyCalls = () => ctx.peers.googleApi.requests.filter((r) => r.path === '/calendar/v3/freeBusy').length + ctx.peers.graph.requests.filter((r) => r.path === '/me/calendar/getSchedule').length;

describe.each(['google', 'microsoft'] as const)('a user connects their %s calendar', (provider) => {
  it('comes back connected as their own address; anyone of the company can check it, another company cannot', async () => {
    const person = provider === 'google' ? co.co.employee : co.co.hm;
    const finished = await connectCalendar(person, provider);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    const result = ZCallbackResult.parse(finished.body);
    expect(result.connection).toMatchObject({ service: 'calendar', owner: 'user', provider, account: person.user.email, status: 'connected', userId: person.id });
    expect(result.returnTo).toBe('/user-preferences/myintegrations');

    const check = ZAuthorisationCheck.parse((await checkUser(co.co.recruiter.auth, person.id).expect(200)).body);
    expect(check).toEqual({ authenticated: true, provider, account: person.user.email, status: 'connected' });
    expect((await checkUser(co.co.recruiter.auth, co.co.approver2.id).expect(200)).body).toEqual({ authenticated: false, provider: null, account: null, status: null });
    expect((await checkUser(other.co.admin.auth, person.id)).status).toBe(404);
  });
});

describe(`GET ${IntegrationsApi.authCalender}: who may finish a round trip`, () => {
  it('refuses a round trip another user started, in the same browser, of the same company or another', async () => {
    for (const intruder of [co.co.approver1, other.co.recruiter]) {
      const agent = request.agent(ctx.app);
      const started = await agent.post(IntegrationsApi.connect).set('Authorization', co.co.approver2.auth).send({ service: 'calendar', provider: 'google' }).expect(200);
      const back = await ctx.peers.authorize(started.body.url);
      const hijacked = await agent.get(IntegrationsApi.authCalender).set('Authorization', intruder.auth).query({ code: back.code, state: back.state });
      expect(hijacked.status).toBe(400);
      expect(hijacked.body.message).toBe(IntegrationMessages.stateInvalid);
    }
    expect(await IntegrationConnection.countDocuments({ customerId: { $in: [co.co.customerId, other.co.customerId] }, service: 'calendar', userId: { $in: [co.co.approver1.user._id, co.co.approver2.user._id, other.co.recruiter.user._id] } })).toBe(0);
    // Without signing in, nothing.
    expect((await request(ctx.app).get(IntegrationsApi.authCalender).query({ code: 'x', state: 'y'.repeat(20) })).status).toBe(401);
  });
});

describe('a meeting room\'s calendar', () => {
  it('an admin connects it (both providers); plain users may not; another company\'s room is not found; the room id must be the one started', async () => {
    const room = await addMeetingRoom(co, 'Ada', 6);
    const roomId = String(room._id);
    const refused = await runOAuthRoundTrip(ctx.app, ctx.peers, {
      auth: co.co.recruiter.auth,
      start: { method: 'post', path: IntegrationsApi.connect, body: { service: 'room-calendar', provider: 'google', meetingRoomId: roomId } },
      finish: () => ({ method: 'get', path: IntegrationsApi.authCalender }),
    });
    expect(refused.started.status).toBe(403);
    expect((await connectRoom(other.co.admin, roomId, 'google', 'ada@rooms.acme.test')).started.status).toBe(404);

    const wrongRoom = await addMeetingRoom(co, 'Grace', 4);
    const mismatch = await connectRoom(co.co.admin, roomId, 'google', 'ada@rooms.acme.test', { meetingRoomId: String(wrongRoom._id) });
    expect(mismatch.finished!.status).toBe(400);
    expect((await checkRoom(co.co.recruiter.auth, String(wrongRoom._id)).expect(200)).body.authenticated).toBe(false);

    for (const provider of ['microsoft', 'google'] as const) {
      const { finished } = await connectRoom(co.co.admin, roomId, provider, 'ada@rooms.acme.test');
      expect(finished!.status, JSON.stringify(finished!.body)).toBe(200);
      expect(ZCallbackResult.parse(finished!.body).connection).toMatchObject({ owner: 'room', provider, meetingRoomId: roomId, account: 'ada@rooms.acme.test', userId: null });
      expect((await checkRoom(co.co.employee.auth, roomId).expect(200)).body).toEqual({ authenticated: true, provider, account: 'ada@rooms.acme.test', status: 'connected' });
    }
    // Reconnecting replaced the connection: one per room.
    expect(await IntegrationConnection.countDocuments({ customerId: co.co.customerId, meetingRoomId: room._id })).toBe(1);
    expect((await checkRoom(other.co.admin.auth, roomId)).status).toBe(404);
    expect((await checkRoom(co.co.admin.auth, 'not-an-id')).status).toBe(400);
  });
});

describe(`POST ${InterviewApi.freeSlots} with connected calendars`, () => {
  it('leaves out exactly the slots a busy span in a connected calendar covers, with one provider call per connected person', async () => {
    if (!(await checkUser(co.co.recruiter.auth, co.co.employee.id)).body.authenticated) await connectCalendar(co.co.employee, 'google');
    if (!(await checkUser(co.co.recruiter.auth, co.co.hm.id)).body.authenticated) await connectCalendar(co.co.hm, 'microsoft');
    const day = '2030-03-05';
    const all = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
    expect(hours(await freeSlots([co.co.employee.id, co.co.hm.id], day))).toEqual(all);

    ctx.peers.googleApi.setBusy(co.co.employee.user.email, [{ start: `${day}T11:00:00Z`, end: `${day}T12:30:00Z` }]);
    ctx.peers.graph.setBusy(co.co.hm.user.email, [{ start: `${day}T15:00:00Z`, end: `${day}T16:00:00Z` }]);
    const before = freeBusyCalls();
    expect(hours(await freeSlots([co.co.employee.id], day))).toEqual(['09:00', '10:00', '13:00', '14:00', '15:00', '16:00']);
    expect(hours(await freeSlots([co.co.hm.id], day))).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '16:00']);
    expect(hours(await freeSlots([co.co.employee.id, co.co.hm.id, co.co.approver2.id], day))).toEqual(['09:00', '10:00', '13:00', '14:00', '16:00']);
    // 1 + 1 + 2: the unconnected third person costs no call.
    expect(freeBusyCalls() - before).toBe(4);
    const asked = ctx.peers.googleApi.requests.filter((r) => r.path === '/calendar/v3/freeBusy').at(-1)!;
    expect(asked.json).toMatchObject({ items: [{ id: 'primary' }], timeMin: `${day}T09:00:00.000Z`, timeMax: `${day}T17:00:00.000Z` });
    expect(ctx.peers.graph.requests.filter((r) => r.path === '/me/calendar/getSchedule').at(-1)!.json).toMatchObject({ schedules: [co.co.hm.user.email] });

    // Another company asking about the same day sees none of it (its own people, no calls to these calendars).
    const others = await send('post', other.co.recruiter.auth, InterviewApi.freeSlots, { interviewerIds: [co.co.employee.id], durationMinutes: 60, from: `${day}T09:00:00Z`, to: `${day}T17:00:00Z`, timeZone: 'UTC' });
    expect(others.status).toBe(400);
  });

  it('a provider outage or a revoked calendar does not break the search: the product\'s own bookings still count', async () => {
    const day = '2030-03-06';
    ctx.peers.googleApi.setBusy(co.co.employee.user.email, [{ start: `${day}T09:00:00Z`, end: `${day}T10:00:00Z` }]);
    ctx.peers.googleApi.failNextWith(503);
    expect(hours(await freeSlots([co.co.employee.id], day))).toHaveLength(8);
    expect((await checkUser(co.co.recruiter.auth, co.co.employee.id)).body.status).toBe('connected');
    expect(hours(await freeSlots([co.co.employee.id], day))).toHaveLength(7);
  });

  it('a room whose own calendar is busy is not offered, and cannot be booked then', async () => {
    const room = await addMeetingRoom(co, 'Hopper', 8);
    const { finished } = await connectRoom(co.co.admin, String(room._id), 'microsoft', 'hopper@rooms.acme.test');
    expect(finished!.status).toBe(200);
    // Only this room at the address seats 8: the others are smaller.
    const day = '2030-03-07';
    ctx.peers.graph.setBusy('hopper@rooms.acme.test', [{ start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` }]);
    const panel = [co.co.approver1.id, co.co.approver2.id, co.co.recruiter.id, co.co.admin.id, co.co.employee.id, co.co.hm.id];
    for (const p of [co.co.approver2, co.co.admin]) await setWorkingHours(co.co.customerId, p.user._id, 'UTC');
    const slots = await freeSlots(panel, day, { addressId: String(co.addressId) });
    expect(slots.slots.every((s) => s.roomName === 'Hopper')).toBe(true);
    expect(hours(slots)).not.toContain('10:00');
    expect(hours(slots)).toContain('11:00');
    const booked = await send('post', co.co.recruiter.auth, InterviewApi.interviews, {
      applicationId: co.applicationIds[3], roundName: 'Onsite', start: `${day}T10:00:00.000Z`, durationMinutes: 60, timeZone: 'UTC', mode: 'onsite', roomId: String(room._id), interviewerIds: [co.co.approver1.id],
    });
    expect(booked.status).toBe(409);
  });
});

describe('interview events in connected calendars', () => {
  const body = (applicationId: string, extra: object = {}) => ({
    applicationId, roundName: 'Technical interview', start: '2030-03-12T10:00:00.000Z', durationMinutes: 60, timeZone: 'Europe/Berlin',
    mode: 'video', videoLink: 'https://meet.example.test/xyz', interviewerIds: [co.co.employee.id, co.co.hm.id], ...extra,
  });

  it('creates the event in each connected interviewer\'s calendar, moves it (same id) on reschedule, removes it for a dropped interviewer and on cancel', async () => {
    if (!(await checkUser(co.co.recruiter.auth, co.co.employee.id)).body.authenticated) await connectCalendar(co.co.employee, 'google');
    if (!(await checkUser(co.co.recruiter.auth, co.co.hm.id)).body.authenticated) await connectCalendar(co.co.hm, 'microsoft');
    const google = ctx.peers.googleApi;
    const graph = ctx.peers.graph;
    const created = await send('post', co.co.recruiter.auth, InterviewApi.interviews, body(co.applicationIds[0]!)).expect(201);
    const id = created.body.interview.id as string;
    await worker.drain();

    const [g] = google.liveEventsOf(co.co.employee.user.email);
    const [m] = graph.liveEventsOf(co.co.hm.user.email);
    expect(google.liveEventsOf(co.co.employee.user.email)).toHaveLength(1);
    expect(graph.liveEventsOf(co.co.hm.user.email)).toHaveLength(1);
    expect(g!.body).toMatchObject({
      summary: expect.stringMatching(/^Technical interview: Applicant0 Tester \(Backend Engineer\)$/),
      location: 'https://meet.example.test/xyz',
      start: { dateTime: '2030-03-12T10:00:00.000Z', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-03-12T11:00:00.000Z', timeZone: 'Europe/Berlin' },
    });
    expect(String(g!.body.description)).toContain(`/interviewfeedback/${id}`);
    expect(m!.body).toMatchObject({
      subject: g!.body.summary,
      start: { dateTime: '2030-03-12T11:00:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-03-12T12:00:00', timeZone: 'Europe/Berlin' },
      location: { displayName: 'https://meet.example.test/xyz' },
    });
    const stored = (await Interview.findOne({ customerId: co.co.customerId, _id: id }).lean())!;
    expect(stored.calendarEvents.map((e) => [String(e.userId), e.provider, e.eventId]).sort()).toEqual(
      [[co.co.employee.id, 'google', g!.id], [co.co.hm.id, 'microsoft', m!.id]].sort(),
    );

    // Moved: the same events, at the new time.
    await send('patch', co.co.recruiter.auth, buildPath(InterviewApi.interview, { id }), { start: '2030-03-12T13:00:00.000Z' }).expect(200);
    await worker.drain();
    expect(google.liveEventsOf(co.co.employee.user.email).map((e) => [e.id, (e.body.start as { dateTime: string }).dateTime])).toEqual([[g!.id, '2030-03-12T13:00:00.000Z']]);
    expect(graph.liveEventsOf(co.co.hm.user.email).map((e) => [e.id, (e.body.start as { dateTime: string }).dateTime])).toEqual([[m!.id, '2030-03-12T14:00:00']]);

    // Deleted in the calendar by its owner: the next change puts it back (a new event).
    ctx.peers.graph.events.get(m!.id)!.deleted = true;
    await send('patch', co.co.recruiter.auth, buildPath(InterviewApi.interview, { id }), { note: 'Bring the laptop' }).expect(200);
    await worker.drain();
    const [back] = graph.liveEventsOf(co.co.hm.user.email);
    expect(back!.id).not.toBe(m!.id);
    expect(String((back!.body.body as { content: string }).content)).toContain('Note: Bring the laptop');
    expect(google.liveEventsOf(co.co.employee.user.email).map((e) => e.id)).toEqual([g!.id]);

    // The hiring manager leaves the panel: their event goes, the other stays.
    await send('patch', co.co.recruiter.auth, buildPath(InterviewApi.interview, { id }), { interviewerIds: [co.co.employee.id] }).expect(200);
    await worker.drain();
    expect(graph.liveEventsOf(co.co.hm.user.email)).toEqual([]);
    expect(google.liveEventsOf(co.co.employee.user.email).map((e) => e.id)).toEqual([g!.id]);

    await send('post', co.co.recruiter.auth, buildPath(InterviewApi.interviewCancel, { id }), { reason: 'Position filled' }).expect(200);
    await worker.drain();
    expect(google.liveEventsOf(co.co.employee.user.email)).toEqual([]);
    expect((await Interview.findOne({ customerId: co.co.customerId, _id: id }).lean())!.calendarEvents).toEqual([]);
  });

  it('puts an on-site interview in the room\'s calendar too, with the room as the place', async () => {
    const room = await addMeetingRoom(co, 'Lovelace', 6);
    await connectRoom(co.co.admin, String(room._id), 'google', 'lovelace@rooms.acme.test');
    await send('post', co.co.recruiter.auth, InterviewApi.interviews, body(co.applicationIds[1]!, {
      start: '2030-03-13T09:00:00.000Z', mode: 'onsite', videoLink: undefined, roomId: String(room._id), interviewerIds: [co.co.employee.id],
    })).expect(201);
    await worker.drain();
    const [event] = ctx.peers.googleApi.liveEventsOf('lovelace@rooms.acme.test');
    expect(event!.body.location).toBe('Lovelace, Invalidenstraße 1, 10115 Berlin');
    expect(ctx.peers.googleApi.liveEventsOf(co.co.employee.user.email).map((e) => e.body.location)).toEqual(['Lovelace, Invalidenstraße 1, 10115 Berlin']);
  });

  it('a revoked calendar does not stop scheduling: the interview is booked and mailed, the connection shows it needs reconnecting', async () => {
    await connectCalendar(co.co.approver1, 'google');
    ctx.peers.googleApi.rejectTokensOf(co.co.approver1.user.email);
    // The search goes on without the calendar, and finds it broken.
    expect(hours(await freeSlots([co.co.approver1.id], '2030-03-14'))).toHaveLength(8);
    expect((await checkUser(co.co.recruiter.auth, co.co.approver1.id)).body).toMatchObject({ authenticated: false, status: 'expired' });

    const created = await send('post', co.co.recruiter.auth, InterviewApi.interviews, body(co.applicationIds[2]!, { start: '2030-03-14T10:00:00.000Z', interviewerIds: [co.co.approver1.id] }));
    expect(created.status).toBe(201);
    expect(created.body.mail.interviewersSent).toBe(1);
    await worker.drain();
    expect(ctx.peers.googleApi.liveEventsOf(co.co.approver1.user.email)).toEqual([]);
    expect((await Interview.findOne({ customerId: co.co.customerId, _id: created.body.interview.id }).lean())!.calendarEvents).toEqual([]);
  });

  it('asks each provider for a video meeting when told to, and answers its link (Google Meet, Teams)', async () => {
    const event = { title: 'Video interview', start: new Date('2030-03-15T10:00:00Z'), end: new Date('2030-03-15T11:00:00Z'), timeZone: 'UTC', location: '', description: '', wantsVideoLink: true };
    const googleConnection = (await findConnection(co.co.customerId, 'calendar', { owner: 'user', userId: co.co.employee.user._id }))!;
    const graphConnection = (await findConnection(co.co.customerId, 'calendar', { owner: 'user', userId: co.co.hm.user._id }))!;
    const meet = await putEvent(ctx.config, googleConnection, null, event);
    expect(meet.videoLink).toMatch(/^https:\/\/meet\.google\.test\//);
    const sent = ctx.peers.googleApi.requests.filter((r) => r.method === 'POST' && r.path === '/calendar/v3/calendars/primary/events').at(-1)!;
    expect(sent.query.conferenceDataVersion).toBe('1');
    expect(sent.json).toMatchObject({ conferenceData: { createRequest: { conferenceSolutionKey: { type: 'hangoutsMeet' } } } });
    const teams = await putEvent(ctx.config, graphConnection, null, event);
    expect(teams.videoLink).toMatch(/^https:\/\/teams\.microsoft\.test\//);
    expect(ctx.peers.graph.events.get(teams.eventId)!.body).toMatchObject({ isOnlineMeeting: true });
  });

  it('books a video interview without a link when the scheduler has a calendar: the provider makes the meeting and the mails carry its link', async () => {
    const noCalendar = await send('post', co.co.approver2.auth, InterviewApi.interviews, body(co.applicationIds[3]!, { start: '2030-03-18T10:00:00.000Z', videoLink: '' }));
    expect(noCalendar.status).toBe(400);
    expect(noCalendar.body.message).toBe('videoLink: add the video call link');

    await connectCalendar(co.co.recruiter, 'google');
    const created = await send('post', co.co.recruiter.auth, InterviewApi.interviews, body(co.applicationIds[3]!, { start: '2030-03-18T10:00:00.000Z', videoLink: '' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = created.body.interview.videoLink as string;
    expect(link).toMatch(/^https:\/\/meet\.google\.test\/\w+/);
    const candidateEmail = (await Application.findOne({ customerId: co.co.customerId, _id: co.applicationIds[3] }).lean())!.candidateEmail;
    const [mail] = await OutboxMail.find({ to: candidateEmail }).lean();
    expect(mail!.text).toContain(link);
    await worker.drain();
    const on18th = (events: { body: Record<string, unknown> }[]) => events.filter((e) => String((e.body.start as { dateTime: string }).dateTime).startsWith('2030-03-18'));
    const [hosted] = on18th(ctx.peers.googleApi.liveEventsOf(co.co.recruiter.user.email));
    expect(hosted!.body).toMatchObject({ hangoutLink: link, location: link });
    expect(on18th(ctx.peers.googleApi.liveEventsOf(co.co.employee.user.email)).map((e) => e.body.location)).toEqual([link]);
    expect(on18th(ctx.peers.graph.liveEventsOf(co.co.hm.user.email))).toHaveLength(1);

    await send('post', co.co.recruiter.auth, buildPath(InterviewApi.interviewCancel, { id: created.body.interview.id }), {}).expect(200);
    await worker.drain();
    expect(on18th(ctx.peers.googleApi.liveEventsOf(co.co.recruiter.user.email))).toEqual([]);
    expect(on18th(ctx.peers.graph.liveEventsOf(co.co.hm.user.email))).toEqual([]);
  });
});
