import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { InterviewMessages } from '@hireflow/contracts/interviews';
import { SelfScheduleMessages, ZSelfScheduleLink } from '@hireflow/contracts/interviews-scheduling';
import { startTestApp } from '../../../test/test-app';
import { Application } from '../../candidates/applications/application.model';
import { OutboxMail } from '../../mail/outbox.model';
import { Interview } from '../interview.model';
import { addMeetingRoom, buildInterviewCompany, setWorkingHours, type InterviewCompany } from '../interviews.test-support';
import { SelfScheduleLink } from './self-schedule-link.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let co: InterviewCompany;
// The app clock: Monday 4 March 2030, 08:00 UTC. The window offered: Tuesday 5 March (UTC).
let now = Date.parse('2030-03-04T08:00:00Z');

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  app.locals.clock = { now: () => now };
  co = await buildInterviewCompany(app, ctx.config, { applicants: 6 });
  // Everyone works Monday to Friday 09:00-17:00 Berlin time (08:00-16:00 UTC in March).
  for (const p of [co.co.employee, co.co.hm, co.co.admin]) await setWorkingHours(co.co.customerId, p.id, 'Europe/Berlin');
}, 120_000);
afterAll(() => ctx.stop());

const cid = () => co.co.customerId;
const candidateEmail = async (applicationId: string) => (await Application.findOne({ customerId: cid(), _id: applicationId }).lean())!.candidateEmail;
const linkBody = (applicationId: string, extra: Record<string, unknown> = {}) => ({
  applicationId,
  roundName: 'Culture chat',
  durationMinutes: 60,
  interviewerIds: [co.co.employee.id],
  mode: 'video',
  videoLink: 'https://meet.example.test/self',
  from: '2030-03-05T00:00:00Z',
  to: '2030-03-06T00:00:00Z',
  timeZone: 'Europe/Berlin',
  ...extra,
});
async function createLink(applicationId: string, extra: Record<string, unknown> = {}, auth = co.co.recruiter.auth) {
  const res = await request(app).post('/api/interviews/self-schedule-links').set('Authorization', auth).send(linkBody(applicationId, extra));
  if (res.status !== 201) throw new Error(`link: ${res.status} ${JSON.stringify(res.body)}`);
  const link = ZSelfScheduleLink.parse(res.body);
  return { ...link, path: new URL(link.url).pathname };
}
const radios = (html: string) => [...html.matchAll(/<label class="choice"><input type="radio" id="slot-\d+" name="slot" value="([^"]+)"[^>]*> ([^<]+)<\/label>/g)].map((m) => ({ value: m[1]!, label: m[2]! }));

describe('POST /api/interviews/self-schedule-links', () => {
  it('creates a single-use link stored only as a hash and mails it to the candidate', async () => {
    const applicationId = co.applicationIds[0]!;
    const link = await createLink(applicationId);
    expect(link.expiresAt).toBe('2030-03-11T08:00:00.000Z');
    expect(link.slotsOffered).toBe(15);
    expect(link.mail).toBe('sent');
    const token = link.path.split('/').pop()!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = (await SelfScheduleLink.findOne({ customerId: cid(), _id: link.id }).lean())!;
    expect(stored.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const [mail] = await OutboxMail.find({ to: await candidateEmail(applicationId), kind: 'interview-self-schedule' }).lean();
    expect(mail!.subject).toMatch(/^Pick a time for your interview: Backend Engineer at /);
    expect(mail!.text).toContain(`Please pick a time that suits you: ${link.url}`);
    expect(mail!.text).toContain('until Monday, 11 March 2030, 09:00 (Europe/Berlin)');
    expect(mail!.html).toContain(`<a href="${link.url}">`);
  });

  it('is for those who schedule the application\'s interviews, in their own company, with valid input', async () => {
    const applicationId = co.applicationIds[1]!;
    const before = await SelfScheduleLink.countDocuments({ customerId: cid() });
    const send = (auth: string, body: object) => request(app).post('/api/interviews/self-schedule-links').set('Authorization', auth).send(body);
    expect((await send(co.co.employee.auth, linkBody(applicationId))).status).toBe(403);
    expect((await send(co.co.approver1.auth, linkBody(applicationId))).status).toBe(404);
    const other = await buildInterviewCompany(app, ctx.config, { applicants: 1 });
    expect((await send(co.co.recruiter.auth, linkBody(other.applicationIds[0]!))).status).toBe(404);
    expect((await send(other.co.recruiter.auth, linkBody(applicationId, { interviewerIds: [other.co.employee.id] }))).status).toBe(404);
    expect((await send(co.co.recruiter.auth, linkBody(applicationId, { mode: 'onsite', roomAddressId: String(other.addressId) }))).status).toBe(404);

    const onsite = await send(co.co.recruiter.auth, linkBody(applicationId, { mode: 'onsite' })).expect(400);
    expect(onsite.body.message).toBe('roomAddressId: choose the office address for an on-site interview');
    const backwards = await send(co.co.recruiter.auth, linkBody(applicationId, { to: '2030-03-04T00:00:00Z' })).expect(400);
    expect(backwards.body.message).toBe('to: must be after from');
    const tooLong = await send(co.co.recruiter.auth, linkBody(applicationId, { expiresInDays: 90 })).expect(400);
    expect(tooLong.body.message).toBe('expiresInDays: may be at most 30 days');
    expect(await SelfScheduleLink.countDocuments({ customerId: cid() })).toBe(before);
  });
});

describe('the public page /schedule/:token', () => {
  it('lists the free slots in the recruiter\'s or the candidate\'s time zone, accessibly, without script', async () => {
    const link = await createLink(co.applicationIds[2]!);
    const page = await request(app).get(link.path).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.text;
    expect(html.match(/<main>/g)).toHaveLength(1);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>Pick a time for your interview</h1>');
    expect(html).not.toContain('<script');
    expect(html).toContain('Culture chat · Backend Engineer at');
    expect(html).toContain('<legend>Tuesday, 5 March 2030</legend>');
    const slots = radios(html);
    expect(slots).toHaveLength(15);
    expect(slots[0]).toEqual({ value: '2030-03-05T08:00:00.000Z', label: '09:00–10:00' });
    expect(slots.at(-1)).toEqual({ value: '2030-03-05T15:00:00.000Z', label: '16:00–17:00' });
    expect(html).toContain('<label for="tz">Your time zone</label><select id="tz" name="tz">');
    expect(html).toContain('<option value="Europe/Berlin" selected>');

    const ny = await request(app).get(link.path).query({ tz: 'America/New_York' }).expect(200);
    expect(radios(ny.text)[0]).toEqual({ value: '2030-03-05T08:00:00.000Z', label: '03:00–04:00' });
    expect(ny.text).toContain('<input type="hidden" name="tz" value="America/New_York">');
    const bogus = await request(app).get(link.path).query({ tz: 'Mars/Olympus' }).expect(200);
    expect(radios(bogus.text)[0]!.label).toBe('09:00–10:00');
  });

  it('books the picked slot through the schedule service, mails everybody the invitation, and then the link is used', async () => {
    const applicationId = co.applicationIds[3]!;
    const link = await createLink(applicationId);
    const missing = await request(app).post(link.path).type('form').send({ tz: 'Europe/Berlin' }).expect(400);
    expect(missing.text).toContain(SelfScheduleMessages.pickSlot);

    const booked = await request(app).post(link.path).type('form').send({ slot: '2030-03-05T09:00:00.000Z', tz: 'Europe/London' }).expect(201);
    expect(booked.text).toContain('<h1>Your interview is booked</h1>');
    expect(booked.text).toContain('Tuesday, 5 March 2030 at 09:00');

    const interview = (await Interview.findOne({ customerId: cid(), applicationId }).lean())!;
    expect(interview).toMatchObject({ roundName: 'Culture chat', status: 'scheduled', durationMinutes: 60, timeZone: 'Europe/London', mode: 'video', videoLink: 'https://meet.example.test/self' });
    expect(interview.start.toISOString()).toBe('2030-03-05T09:00:00.000Z');
    expect(String(interview.selfScheduleLinkId)).toBe(link.id);
    expect(String(interview.scheduledBy)).toBe(co.co.recruiter.id);
    const used = (await SelfScheduleLink.findOne({ customerId: cid(), _id: link.id }).lean())!;
    expect(used.usedAt!.toISOString()).toBe(new Date(now).toISOString());
    expect(String(used.interviewId)).toBe(String(interview._id));

    const invite = await OutboxMail.findOne({ to: await candidateEmail(applicationId), kind: 'interview-new' }).lean();
    expect(invite!.text).toContain('When: Tuesday, 5 March 2030, 09:00 (Europe/London)');
    expect((invite!.calendar as { method: string; content: string }).content).toContain('DTSTART:20300305T090000Z');
    expect(await OutboxMail.countDocuments({ to: co.co.employee.user.email, kind: 'interview-new-panel' })).toBeGreaterThanOrEqual(1);

    const again = await request(app).get(link.path).expect(410);
    expect(again.text).toContain(InterviewMessages.linkUsed);
    expect(again.text).not.toContain('type="radio"');
    const twice = await request(app).post(link.path).type('form').send({ slot: '2030-03-05T12:00:00.000Z' }).expect(410);
    expect(twice.text).toContain(InterviewMessages.linkUsed);
    expect(await Interview.countDocuments({ customerId: cid(), applicationId })).toBe(1);
  });

  it('says a slot was taken meanwhile and shows the fresh slots; a time never offered is refused the same way', async () => {
    const link = await createLink(co.applicationIds[4]!);
    expect(radios((await request(app).get(link.path).expect(200)).text).map((s) => s.value)).toContain('2030-03-05T11:00:00.000Z');
    // Someone books the panel at 11:00 UTC while the candidate looks at the page.
    await request(app).post('/api/interviews').set('Authorization', co.co.recruiter.auth).send({
      applicationId: co.applicationIds[5], roundName: 'Other', start: '2030-03-05T11:00:00.000Z', durationMinutes: 60, timeZone: 'Europe/Berlin',
      mode: 'phone', phone: '+49 30 1', interviewerIds: [co.co.employee.id],
    }).expect(201);

    const taken = await request(app).post(link.path).type('form').send({ slot: '2030-03-05T11:00:00.000Z', tz: 'Europe/Berlin' }).expect(409);
    expect(taken.text).toContain(SelfScheduleMessages.slotTaken);
    expect(taken.text).toContain('role="alert"');
    const fresh = radios(taken.text).map((s) => s.value);
    expect(fresh).not.toContain('2030-03-05T11:00:00.000Z');
    expect(fresh).not.toContain('2030-03-05T10:30:00.000Z');
    expect(fresh).toContain('2030-03-05T12:00:00.000Z');

    await request(app).post(link.path).type('form').send({ slot: '2030-03-05T03:00:00.000Z' }).expect(409);
    await request(app).post(link.path).type('form').send({ slot: 'whenever' }).expect(409);
    expect((await SelfScheduleLink.findOne({ customerId: cid(), _id: link.id }).lean())!.usedAt).toBeNull();
    await request(app).post(link.path).type('form').send({ slot: '2030-03-05T12:00:00.000Z' }).expect(201);
  });

  it('books a free meeting room at the office address for an on-site interview', async () => {
    const room = await addMeetingRoom(co, 'Hopper', 4);
    const link = await createLink(co.applicationIds[1]!, { mode: 'onsite', videoLink: '', roomAddressId: String(co.addressId), interviewerIds: [co.co.hm.id] });
    await request(app).post(link.path).type('form').send({ slot: '2030-03-05T08:00:00.000Z' }).expect(201);
    const interview = (await Interview.findOne({ customerId: cid(), selfScheduleLinkId: link.id }).lean())!;
    expect(String(interview.roomId)).toBe(String(room._id));
  });

  it('says plainly when a link has expired (by the app clock) or does not exist', async () => {
    const link = await createLink(co.applicationIds[0]!, { expiresInDays: 1, interviewerIds: [co.co.admin.id] });
    const saved = now;
    now += 86_400_000;
    try {
      const expired = await request(app).get(link.path).expect(410);
      expect(expired.text).toContain('<h1>This link has expired</h1>');
      expect(expired.text).toContain(InterviewMessages.linkExpired);
      await request(app).post(link.path).type('form').send({ slot: '2030-03-05T09:00:00.000Z' }).expect(410);
    } finally {
      now = saved;
    }
    expect((await request(app).get(link.path).expect(200)).text).toContain('type="radio"');
    const unknown = await request(app).get('/schedule/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(404);
    expect(unknown.text).toContain('<h1>Scheduling link not found</h1>');
  });

  it('limits how often one address may try to book (rate limit), with a page that says so', async () => {
    const link = await createLink(co.applicationIds[2]!, { interviewerIds: [co.co.admin.id] });
    ctx.config.rateLimitDisabled = false;
    try {
      for (let i = 0; i < 20; i++) await request(app).post(link.path).type('form').send({ tz: 'Europe/Berlin' }).expect(400);
      const refused = await request(app).post(link.path).type('form').send({ slot: '2030-03-05T09:00:00.000Z' }).expect(429);
      expect(refused.headers['content-type']).toMatch(/text\/html/);
      expect(refused.text).toContain('<h1>Too many attempts</h1>');
    } finally {
      ctx.config.rateLimitDisabled = true;
    }
    expect((await SelfScheduleLink.findOne({ customerId: cid(), _id: link.id }).lean())!.usedAt).toBeNull();
  });
});
