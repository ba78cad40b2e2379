import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { InterviewMessages } from '@hireflow/contracts/interviews';
import { ZInterviewConflictDetails, ZScheduleInterviewResponse } from '@hireflow/contracts/interviews-scheduling';
import { startTestApp } from '../../../test/test-app';
import { Application } from '../../candidates/applications/application.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { OutboxMail } from '../../mail/outbox.model';
import { MailTemplate } from '../../mail/mail-template.model';
import { User } from '../../users/user.model';
import { Interview } from '../interview.model';
import { InterviewEvent } from '../interview-event.model';
import { InterviewPlan } from '../plans/interview-plan.model';
import { InterviewAttribute } from '../plans/interview-attribute.model';
import { MeetingRoom } from '../rooms/meeting-room.model';
import { addMeetingRoom, buildInterviewCompany, type InterviewCompany } from '../interviews.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let co: InterviewCompany;
// The app clock: Monday 4 March 2030, 08:00 UTC.
let now = Date.parse('2030-03-04T08:00:00Z');

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  app.locals.clock = { now: () => now };
  co = await buildInterviewCompany(app, ctx.config, { applicants: 6 });
}, 120_000);
afterAll(() => ctx.stop());

const post = (auth: string, path: string, body: object) => request(app).post(path).set('Authorization', auth).send(body);
const cid = () => co.co.customerId;
const candidateEmail = async (applicationId: string) => (await Application.findOne({ customerId: cid(), _id: applicationId }).lean())!.candidateEmail;
const mailsTo = (to: string) => OutboxMail.find({ to }).sort({ sentAt: 1, _id: 1 }).lean();
// Long iCalendar lines are folded (CRLF + a space or tab): unfold before reading them.
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const icsLine = (ics: string, name: string) => unfold(ics).split(/\r\n/).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

function body(applicationId: string, extra: Record<string, unknown> = {}) {
  return {
    applicationId,
    roundName: 'Technical interview',
    start: '2030-03-05T10:00:00.000Z',
    durationMinutes: 60,
    timeZone: 'Europe/Berlin',
    mode: 'video',
    videoLink: 'https://meet.example.test/xyz',
    interviewerIds: [co.co.employee.id],
    ...extra,
  };
}

describe('POST /api/interviews', () => {
  it('books the round of the job\'s plan, copies its attributes, records it and mails candidate and panel with the .ics', async () => {
    const customerId = co.co.customerId;
    const attr = await InterviewAttribute.create({ customerId, name: 'System design' });
    const plan = await InterviewPlan.create({ customerId, jobId: co.job._id, rounds: [{ name: 'Technical', durationMinutes: 60, attributeIds: [attr._id] }] });
    await User.updateOne({ customerId, _id: co.co.recruiter.user._id }, { $set: { signature: '<p>Rita Recruiter<br><strong>Talent team</strong></p><script>alert(1)</script>' } });
    const applicationId = co.applicationIds[0]!;

    const res = await post(co.co.recruiter.auth, '/api/interviews', body(applicationId, { roundId: String(plan.rounds[0]!._id), interviewerIds: [co.co.employee.id, co.co.hm.id] })).expect(201);
    const answer = ZScheduleInterviewResponse.parse(res.body);
    expect(answer.interview).toMatchObject({ roundName: 'Technical', status: 'scheduled', start: '2030-03-05T10:00:00.000Z', end: '2030-03-05T11:00:00.000Z', mode: 'video', timeZone: 'Europe/Berlin' });
    expect(answer.interview.interviewers.map((i) => i.id)).toEqual([co.co.employee.id, co.co.hm.id]);
    expect(answer.conflicts).toEqual([]);
    expect(answer.mail).toEqual({ candidate: 'sent', interviewersSent: 2, failed: [] });

    const saved = (await Interview.findOne({ customerId: cid(), _id: answer.interview.id }).lean())!;
    expect(saved.attributes).toEqual([{ id: attr._id, name: 'System design' }]);
    expect(saved.sequence).toBe(0);
    expect(saved.uid).toMatch(/^[0-9a-f-]{36}@localhost(:\d+)?$/);
    expect(await InterviewEvent.countDocuments({ customerId: cid(), interviewId: saved._id, kind: 'scheduled', by: co.co.recruiter.user._id })).toBe(1);
    expect(await CandidateActivity.countDocuments({ customerId: cid(), candidateId: saved.candidateId, kind: 'interview_scheduled' })).toBe(1);
    expect(await CandidateActivity.countDocuments({ customerId: cid(), candidateId: saved.candidateId, kind: 'email_sent', summary: /^Mail: Interview invitation: / })).toBe(1);

    const [mail] = await mailsTo(await candidateEmail(applicationId));
    expect(mail!.subject).toMatch(/^Interview invitation: Technical for Backend Engineer at \S/);
    expect(mail!.text).toContain('When: Tuesday, 5 March 2030, 11:00 (Europe/Berlin)');
    expect(mail!.text).toContain('https://meet.example.test/xyz');
    expect(mail!.text).toContain('Rita Recruiter');
    expect(mail!.html).toContain('<strong>Talent team</strong>');
    expect(mail!.html).not.toContain('<script>');
    const ics = (mail!.calendar as { method: string; content: string }).content;
    expect((mail!.calendar as { method: string }).method).toBe('REQUEST');
    expect(icsLine(ics, 'METHOD')).toBe('METHOD:REQUEST');
    expect(icsLine(ics, 'UID')).toBe(`UID:${saved.uid}`);
    expect(icsLine(ics, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(icsLine(ics, 'DTSTART')).toBe('DTSTART:20300305T100000Z');
    expect(icsLine(ics, 'DTEND')).toBe('DTEND:20300305T110000Z');
    expect(ics).toContain('URL:https://meet.example.test/xyz');
    expect(icsLine(ics, 'ORGANIZER')).toMatch(new RegExp(`^ORGANIZER;CN="[^"]+":mailto:${co.co.recruiter.user.email}$`, 'i'));
    expect(unfold(ics)).toContain(`mailto:${co.co.employee.user.email}`);
    expect(unfold(ics)).toContain(`mailto:${mail!.to}`);

    // The dev mailbox shows the calendar part too.
    const outbox = await request(app).get('/api/dev/outbox').query({ to: mail!.to }).expect(200);
    expect(outbox.body[0].calendar).toEqual({ method: 'REQUEST', content: ics });

    const panel = await mailsTo(co.co.employee.user.email);
    expect(panel.at(-1)!.subject).toContain('Interview: ');
    expect(panel.at(-1)!.text).toContain(`Your scorecard: ${ctx.config.publicUrl}/interviewfeedback/${answer.interview.id}`);
    expect((panel.at(-1)!.calendar as { content: string }).content).toContain(`UID:${saved.uid}`);
    expect((await mailsTo(co.co.hm.user.email)).filter((m) => m.kind === 'interview-new-panel')).toHaveLength(1);
  });

  it('refuses busy interviewers with the conflicts (409, nothing written), then books when acknowledged', async () => {
    const first = await post(co.co.recruiter.auth, '/api/interviews', body(co.applicationIds[1]!, { start: '2030-03-06T09:00:00.000Z' })).expect(201);
    const before = await Interview.countDocuments({ customerId: cid() });
    const clash = await post(co.co.recruiter.auth, '/api/interviews', body(co.applicationIds[2]!, { start: '2030-03-06T09:30:00.000Z' })).expect(409);
    expect(clash.body.message).toBe(InterviewMessages.conflicts);
    const { conflicts } = ZInterviewConflictDetails.parse(clash.body.details);
    expect(conflicts).toEqual([{ userId: co.co.employee.id, userName: expect.any(String), interviewId: first.body.interview.id, start: '2030-03-06T09:00:00.000Z', end: '2030-03-06T10:00:00.000Z' }]);
    expect(await Interview.countDocuments({ customerId: cid() })).toBe(before);

    const booked = await post(co.co.recruiter.auth, '/api/interviews', body(co.applicationIds[2]!, { start: '2030-03-06T09:30:00.000Z', acknowledgeConflicts: true })).expect(201);
    expect(booked.body.conflicts).toHaveLength(1);
  });

  it('refuses a meeting room already booked then, also when two bookings race for it', async () => {
    const room = await addMeetingRoom(co, 'Turing', 6);
    const onsite = (applicationId: string, start: string, interviewer: string) =>
      body(applicationId, { mode: 'onsite', videoLink: '', roomId: String(room._id), start, interviewerIds: [interviewer] });
    await post(co.co.recruiter.auth, '/api/interviews', onsite(co.applicationIds[3]!, '2030-03-07T09:00:00.000Z', co.co.hm.id)).expect(201);
    const tiny = await addMeetingRoom(co, 'Booth', 2);
    const crowded = await post(co.co.recruiter.auth, '/api/interviews', { ...onsite(co.applicationIds[4]!, '2030-03-07T12:00:00.000Z', co.co.admin.id), roomId: String(tiny._id), interviewerIds: [co.co.admin.id, co.co.approver2.id] }).expect(400);
    expect(crowded.body.message).toBe('roomId: Booth seats 2; the panel and the candidate are 3');
    const taken = await post(co.co.recruiter.auth, '/api/interviews', onsite(co.applicationIds[4]!, '2030-03-07T09:30:00.000Z', co.co.admin.id)).expect(409);
    expect(taken.body.message).toBe(InterviewMessages.roomTaken);

    // Moving a booking within its own time does not clash with itself.
    const mine = await post(co.co.recruiter.auth, '/api/interviews', onsite(co.applicationIds[4]!, '2030-03-07T14:00:00.000Z', co.co.admin.id)).expect(201);
    await request(app).patch(`/api/interviews/${mine.body.interview.id}`).set('Authorization', co.co.recruiter.auth).send({ start: '2030-03-07T14:30:00.000Z' }).expect(200);
    const onto = await request(app).patch(`/api/interviews/${mine.body.interview.id}`).set('Authorization', co.co.recruiter.auth).send({ start: '2030-03-07T09:15:00.000Z' }).expect(409);
    expect(onto.body.message).toBe(InterviewMessages.roomTaken);

    const [a, b] = await Promise.all([
      post(co.co.recruiter.auth, '/api/interviews', onsite(co.applicationIds[3]!, '2030-03-08T09:00:00.000Z', co.co.hm.id)),
      post(co.co.admin.auth, '/api/interviews', onsite(co.applicationIds[4]!, '2030-03-08T09:15:00.000Z', co.co.admin.id)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await Interview.countDocuments({ customerId: cid(), roomId: room._id, start: { $gte: new Date('2030-03-08T00:00:00Z') } })).toBe(1);
    expect((await MeetingRoom.findOne({ customerId: cid(), _id: room._id }).lean())!.bookingVersion).toBeGreaterThanOrEqual(2);
  });

  it('answers 400 with a clear message and writes nothing for bad input', async () => {
    const before = await Interview.countDocuments({ customerId: cid() });
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: 'onsite', videoLink: '' }, 'roomId: choose a meeting room for an on-site interview'],
      [{ videoLink: '' }, 'videoLink: add the video call link'],
      [{ interviewerIds: [] }, 'interviewerIds: choose at least one interviewer'],
      [{ start: 'tomorrow' }, 'start: must be a date and time'],
      [{ start: '2030-03-01T10:00:00.000Z' }, 'start: must not be in the past'],
      [{ durationMinutes: 5 }, 'durationMinutes: must be at least 15 minutes'],
      [{ roundId: '0123456789abcdef01234567' }, "roundId: not a round of this job's interview plan"],
      [{ interviewerIds: ['0123456789abcdef01234567'] }, 'interviewerIds: an interviewer was not found or is no longer active'],
    ];
    for (const [extra, message] of cases) {
      const res = await post(co.co.recruiter.auth, '/api/interviews', body(co.applicationIds[5]!, extra)).expect(400);
      expect(res.body.message, JSON.stringify(extra)).toBe(message);
    }
    expect(await Interview.countDocuments({ customerId: cid() })).toBe(before);
  });

  it('lets the job\'s hiring manager and any recruiter schedule; not the interviewer, and an employee on no job does not see it', async () => {
    await post(co.co.hm.auth, '/api/interviews', body(co.applicationIds[5]!, { start: '2030-03-11T09:00:00.000Z' })).expect(201);
    await post(co.co.approver2.auth, '/api/interviews', body(co.applicationIds[5]!, { start: '2030-03-11T11:00:00.000Z' })).expect(201);
    const refused = await post(co.co.employee.auth, '/api/interviews', body(co.applicationIds[5]!, { start: '2030-03-11T13:00:00.000Z' })).expect(403);
    expect(refused.body.message).toMatch(/schedule interviews/);
    await post(co.co.approver1.auth, '/api/interviews', body(co.applicationIds[5]!, { start: '2030-03-11T15:00:00.000Z' })).expect(404);
  });
});

describe('PATCH /api/interviews/:id and POST /api/interviews/:id/cancel', () => {
  it('reschedules with the same UID and a higher SEQUENCE, then cancels with METHOD:CANCEL; a cancelled one cannot change', async () => {
    const applicationId = co.applicationIds[0]!;
    const booked = await post(co.co.recruiter.auth, '/api/interviews', body(applicationId, { start: '2030-03-12T09:00:00.000Z', interviewerIds: [co.co.admin.id] })).expect(201);
    const id = booked.body.interview.id as string;
    const uid = (await Interview.findOne({ customerId: cid(), _id: id }).lean())!.uid;
    const email = await candidateEmail(applicationId);

    const moved = await request(app).patch(`/api/interviews/${id}`).set('Authorization', co.co.recruiter.auth)
      .send({ start: '2030-03-12T13:00:00.000Z', durationMinutes: 45, interviewerIds: [co.co.admin.id, co.co.approver2.id] }).expect(200);
    expect(moved.body.interview).toMatchObject({ start: '2030-03-12T13:00:00.000Z', end: '2030-03-12T13:45:00.000Z', durationMinutes: 45, status: 'scheduled' });
    expect(moved.body.mail).toEqual({ candidate: 'sent', interviewersSent: 2, failed: [] });
    const updated = (await mailsTo(email)).at(-1)!;
    expect(updated.subject).toMatch(/^Updated: /);
    expect(updated.text).toContain('Tuesday, 12 March 2030, 14:00 (Europe/Berlin)');
    const ics1 = (updated.calendar as { content: string }).content;
    expect(icsLine(ics1, 'UID')).toBe(`UID:${uid}`);
    expect(icsLine(ics1, 'SEQUENCE')).toBe('SEQUENCE:1');
    expect(icsLine(ics1, 'METHOD')).toBe('METHOD:REQUEST');
    expect(icsLine(ics1, 'DTSTART')).toBe('DTSTART:20300312T130000Z');
    expect(await InterviewEvent.countDocuments({ customerId: cid(), interviewId: id, kind: 'rescheduled' })).toBe(1);

    // Taken off the panel: the admin's calendar copy is cancelled.
    await request(app).patch(`/api/interviews/${id}`).set('Authorization', co.co.recruiter.auth).send({ interviewerIds: [co.co.approver2.id], notifyCandidate: false }).expect(200);
    const dropped = (await mailsTo(co.co.admin.user.email)).at(-1)!;
    expect(dropped.subject).toMatch(/^Cancelled: /);
    expect(dropped.text).toContain('You are no longer on its panel.');
    expect(icsLine((dropped.calendar as { content: string }).content, 'METHOD')).toBe('METHOD:CANCEL');
    expect(icsLine((dropped.calendar as { content: string }).content, 'SEQUENCE')).toBe('SEQUENCE:2');

    const cancelled = await post(co.co.recruiter.auth, `/api/interviews/${id}/cancel`, { reason: 'Position filled internally' }).expect(200);
    expect(cancelled.body.interview).toMatchObject({ status: 'cancelled', statusNote: 'Position filled internally' });
    const cancelMail = (await mailsTo(email)).at(-1)!;
    expect(cancelMail.subject).toMatch(/^Interview cancelled: /);
    expect(cancelMail.text).not.toContain('Position filled internally');
    const ics2 = (cancelMail.calendar as { method: string; content: string });
    expect(ics2.method).toBe('CANCEL');
    expect(icsLine(ics2.content, 'METHOD')).toBe('METHOD:CANCEL');
    expect(icsLine(ics2.content, 'UID')).toBe(`UID:${uid}`);
    expect(icsLine(ics2.content, 'SEQUENCE')).toBe('SEQUENCE:3');
    expect(icsLine(ics2.content, 'STATUS')).toBe('STATUS:CANCELLED');
    const panelCancel = (await mailsTo(co.co.approver2.user.email)).at(-1)!;
    expect(panelCancel.text).toContain('Reason: Position filled internally');
    expect(panelCancel.html).toContain('<p>Reason: Position filled internally</p>');

    const again = await request(app).patch(`/api/interviews/${id}`).set('Authorization', co.co.recruiter.auth).send({ start: '2030-03-13T09:00:00.000Z' }).expect(409);
    expect(again.body.message).toBe(InterviewMessages.notScheduled);
    await post(co.co.recruiter.auth, `/api/interviews/${id}/cancel`, {}).expect(409);
  });

  it('checks conflicts without counting the interview itself, and does not mail the candidate when told not to', async () => {
    const applicationId = co.applicationIds[1]!;
    const booked = await post(co.co.recruiter.auth, '/api/interviews', body(applicationId, { start: '2030-03-14T09:00:00.000Z', interviewerIds: [co.co.approver1.id] })).expect(201);
    const id = booked.body.interview.id as string;
    const email = await candidateEmail(applicationId);
    const mailsBefore = (await mailsTo(email)).length;
    const res = await request(app).patch(`/api/interviews/${id}`).set('Authorization', co.co.recruiter.auth).send({ start: '2030-03-14T09:30:00.000Z', notifyCandidate: false }).expect(200);
    expect(res.body.conflicts).toEqual([]);
    expect(res.body.mail.candidate).toBe('not_notified');
    expect(await mailsTo(email)).toHaveLength(mailsBefore);
    await request(app).patch(`/api/interviews/${id}`).set('Authorization', co.co.employee.auth).send({ start: '2030-03-14T10:30:00.000Z' }).expect(403);
    await request(app).patch(`/api/interviews/${id}`).set('Authorization', co.co.recruiter.auth).send({ notifyCandidate: true }).expect(400);
  });
});

describe('POST /api/interviews/:id/status', () => {
  it('marks completed or not happened only once it has started, an incident any time, each with who and when', async () => {
    const booked = await post(co.co.recruiter.auth, '/api/interviews', body(co.applicationIds[2]!, { start: '2030-03-15T09:00:00.000Z', interviewerIds: [co.co.approver1.id] })).expect(201);
    const id = booked.body.interview.id as string;
    const early = await post(co.co.hm.auth, `/api/interviews/${id}/status`, { status: 'completed' }).expect(409);
    expect(early.body.message).toBe(InterviewMessages.notYetHappened);
    await post(co.co.hm.auth, `/api/interviews/${id}/status`, { status: 'did_not_happen', reason: 'Candidate did not show up' }).expect(409);
    const bad = await post(co.co.hm.auth, `/api/interviews/${id}/status`, { status: 'did_not_happen', reason: 'Because' }).expect(400);
    expect(bad.body.message).toBe('reason: choose one of the reasons');
    const emptyIncident = await post(co.co.hm.auth, `/api/interviews/${id}/status`, { status: 'incident', description: '' }).expect(400);
    expect(emptyIncident.body.message).toBe('description: describe what happened');

    const incident = await post(co.co.hm.auth, `/api/interviews/${id}/status`, { status: 'incident', description: 'Candidate asked about salary in a rude way' }).expect(200);
    expect(incident.body.interview).toMatchObject({ status: 'incident', statusNote: 'Candidate asked about salary in a rude way' });

    const saved = now;
    now = Date.parse('2030-03-15T09:30:00Z');
    try {
      const done = await post(co.co.hm.auth, `/api/interviews/${id}/status`, { status: 'did_not_happen', reason: 'Candidate did not show up' }).expect(200);
      expect(done.body.interview).toMatchObject({ status: 'did_not_happen', statusNote: 'Candidate did not show up' });
      // Interviewers and the job's team see it but do not set its status.
      await post(co.co.employee.auth, `/api/interviews/${id}/status`, { status: 'completed' }).expect(403);
      await post(co.co.approver1.auth, `/api/interviews/${id}/status`, { status: 'completed' }).expect(403);
    } finally {
      now = saved;
    }
    const events = await InterviewEvent.find({ customerId: cid(), interviewId: id }).sort({ at: 1 }).lean();
    expect(events.map((e) => [e.kind, String(e.by)])).toEqual([['scheduled', co.co.recruiter.id], ['incident', co.co.hm.id], ['did_not_happen', co.co.hm.id]]);
    expect(events[2]!.at.toISOString()).toBe('2030-03-15T09:30:00.000Z');
  });
});

describe('GET /api/interviews and /api/interviews/:id', () => {
  it('lists by application, candidate, job, my panel and time range, each only what the caller sees', async () => {
    const byApp = await request(app).get('/api/interviews').query({ applicationId: co.applicationIds[0] }).set('Authorization', co.co.recruiter.auth).expect(200);
    expect(byApp.body.items.length).toBeGreaterThanOrEqual(2);
    expect(byApp.body.items.every((i: { applicationId: string }) => i.applicationId === co.applicationIds[0])).toBe(true);

    const mine = await request(app).get('/api/interviews').query({ mine: 'true' }).set('Authorization', co.co.approver1.auth).expect(200);
    expect(mine.body.items.length).toBeGreaterThanOrEqual(2);
    expect(mine.body.items.every((i: { interviewers: { id: string }[] }) => i.interviewers.some((p) => p.id === co.co.approver1.id))).toBe(true);
    // approver1 is on no job: they see the interviews they sit on, nothing else.
    const all = await request(app).get('/api/interviews').set('Authorization', co.co.approver1.auth).expect(200);
    expect(all.body.items.map((i: { id: string }) => i.id).sort()).toEqual(mine.body.items.map((i: { id: string }) => i.id).sort());

    const range = await request(app).get('/api/interviews').query({ jobId: String(co.job._id), from: '2030-03-06T00:00:00Z', to: '2030-03-08T00:00:00Z', limit: 2 }).set('Authorization', co.co.hm.auth).expect(200);
    expect(range.body.items).toHaveLength(2);
    expect(range.body.hasMore).toBe(true);
    expect(range.body.items[0].start <= range.body.items[1].start).toBe(true);

    const one = await request(app).get(`/api/interviews/${byApp.body.items[0].id}`).set('Authorization', co.co.employee.auth).expect(200);
    expect(one.body.id).toBe(byApp.body.items[0].id);
    await request(app).get('/api/interviews').query({ from: 'soon' }).set('Authorization', co.co.hm.auth).expect(400);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for every call with another company\'s ids and writes nothing', async () => {
    const other = await buildInterviewCompany(app, ctx.config, { applicants: 1 });
    const theirs = await post(other.co.recruiter.auth, '/api/interviews', body(other.applicationIds[0]!, { interviewerIds: [other.co.employee.id], start: '2030-03-20T09:00:00.000Z' })).expect(201);
    const theirId = theirs.body.interview.id as string;
    const theirRoom = await addMeetingRoom(other, 'Lovelace');
    const theirTemplate = await MailTemplate.create({ customerId: other.co.customerId, kind: 'interview', name: 'Theirs', subject: 'S', body: 'B' });
    const before = await Interview.countDocuments({ customerId: cid() });
    const me = co.co.recruiter.auth;

    await post(me, '/api/interviews', body(other.applicationIds[0]!)).expect(404);
    await post(me, '/api/interviews', body(co.applicationIds[0]!, { start: '2030-03-21T09:00:00.000Z', mode: 'onsite', videoLink: '', roomId: String(theirRoom._id) })).expect(404);
    await post(me, '/api/interviews', body(co.applicationIds[0]!, { start: '2030-03-21T09:00:00.000Z', templateId: String(theirTemplate._id) })).expect(404);
    await post(me, '/api/interviews', body(co.applicationIds[0]!, { start: '2030-03-21T09:00:00.000Z', interviewerIds: [other.co.employee.id] })).expect(400);
    await request(app).get(`/api/interviews/${theirId}`).set('Authorization', me).expect(404);
    await request(app).patch(`/api/interviews/${theirId}`).set('Authorization', me).send({ start: '2030-03-22T09:00:00.000Z' }).expect(404);
    await post(me, `/api/interviews/${theirId}/cancel`, {}).expect(404);
    await post(me, `/api/interviews/${theirId}/status`, { status: 'incident', description: 'x' }).expect(404);
    await post(me, '/api/templates/gettemplateforinterview', { applicationId: other.applicationIds[0] }).expect(404);
    await post(me, '/api/templates/gettemplateforinterview', { applicationId: co.applicationIds[0], templateId: String(theirTemplate._id) }).expect(404);
    const listed = await request(app).get('/api/interviews').query({ applicationId: other.applicationIds[0] }).set('Authorization', me).expect(200);
    expect(listed.body.items).toEqual([]);

    expect(await Interview.countDocuments({ customerId: cid() })).toBe(before);
    expect((await Interview.findOne({ customerId: other.co.customerId, _id: theirId }).lean())!).toMatchObject({ status: 'scheduled', sequence: 0 });
  });
});

describe('POST /api/templates/gettemplateforinterview', () => {
  it('answers the invitation the candidate gets: the template with the merge fields filled and the signature', async () => {
    const template = await MailTemplate.create({
      customerId: co.co.customerId, kind: 'interview', name: 'Friendly invite',
      subject: '{{candidate.firstName}}, your {{interview.round}} at {{company.name}}',
      body: 'Hi {{candidate.fullName}},\n\nSee you on {{interview.start}} for {{interview.duration}} ({{interview.mode}}): {{interview.location}}.\nWith {{interview.interviewers}}.',
    });
    const applicationId = co.applicationIds[3]!;
    const preview = {
      applicationId, templateId: String(template._id), start: '2030-03-25T15:00:00.000Z', durationMinutes: 30, mode: 'phone', phone: '+49 30 1234',
      interviewerIds: [co.co.employee.id], timeZone: 'America/New_York', roundName: 'Phone screen',
    };
    const res = await post(co.co.recruiter.auth, '/api/templates/gettemplateforinterview', preview).expect(200);
    const name = (await Application.findOne({ customerId: cid(), _id: applicationId }).lean())!.candidateName;
    expect(res.body.templateId).toBe(String(template._id));
    expect(res.body.subject).toMatch(new RegExp(`^${name.split(' ')[0]}, your Phone screen at `));
    expect(res.body.text).toContain(`Hi ${name},`);
    expect(res.body.text).toContain('See you on Monday, 25 March 2030, 11:00 (America/New_York) for 30 minutes (Phone call): By phone: +49 30 1234.');
    expect(res.body.text).toContain(`With ${co.co.employee.user.firstName}`);
    expect(res.body.text).toContain('Rita Recruiter');
    expect(res.body.html).toContain('<strong>Talent team</strong>');

    // The mail sent for the same choices says exactly what the preview said, with the candidate's own privacy
    // link where the preview shows a placeholder.
    const booked = await post(co.co.recruiter.auth, '/api/interviews', { ...preview, acknowledgeConflicts: true }).expect(201);
    expect(booked.body.mail.candidate).toBe('sent');
    const sent = (await mailsTo(await candidateEmail(applicationId))).at(-1)!;
    const personal = /\/privacy\/[A-Za-z0-9_-]{43}/g;
    expect(sent.text).toMatch(personal);
    expect(sent.subject).toBe(res.body.subject);
    expect(sent.text.replace(personal, '/privacy/(personal link)')).toBe(res.body.text);
    expect(sent.html.replace(personal, '/privacy/(personal link)')).toBe(res.body.html);

    await post(co.co.employee.auth, '/api/templates/gettemplateforinterview', { applicationId }).expect(403);
    const pipelineTemplate = await MailTemplate.create({ customerId: co.co.customerId, kind: 'pipeline', name: 'Reject', subject: 'S', body: 'B' });
    const wrongKind = await post(co.co.recruiter.auth, '/api/templates/gettemplateforinterview', { applicationId, templateId: String(pipelineTemplate._id) }).expect(400);
    expect(wrongKind.body.message).toBe('templateId: choose an interview invitation template');
  });
});
