import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import { Types } from 'mongoose';
import { SMTPServer } from 'smtp-server';
import { ZCampaign, ZCampaignList, ZCampaignPreview } from '@hireflow/contracts/candidates-campaigns';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { JobWorker } from '../../../lib/job-queue';
import { MailJob } from '../../../lib/mailer';
import { OutboxMail } from '../../mail/outbox.model';
import { Job } from '../../jobs/job.model';
import { Candidate } from '../candidate.model';
import { CandidateActivity } from '../candidate-activity.model';
import { CampaignBatchJob, CampaignSending, InterruptedSendMessage } from './campaign-sending';
import { CampaignRecipient } from './campaign.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let t = Date.parse('2026-11-24T09:00:00Z');
const clock = { now: () => t, advance: (ms: number) => (t += ms) };

type Company = { customerId: Types.ObjectId; slug: string; recruiter: string; hm: string; admin: string; recruiterName: string };
let acme: Company;
let globex: Company;

async function company(): Promise<Company> {
  const customer = await buildCustomer({ name: `Acme ${new Types.ObjectId().toHexString().slice(-4)}` });
  const recruiter = await buildUser({ customerId: customer._id, role: 'recruiter', firstName: 'Rita', lastName: 'Recruiter' });
  const hm = await buildUser({ customerId: customer._id, role: 'employee', addlRoles: ['HM'] });
  const admin = await buildUser({ customerId: customer._id, role: 'recruiter', admin: true });
  return {
    customerId: customer._id,
    slug: customer.slug!,
    recruiter: await tokenFor(ctx.config, recruiter),
    hm: await tokenFor(ctx.config, hm),
    admin: await tokenFor(ctx.config, admin),
    recruiterName: 'Rita Recruiter',
  };
}

let seq = 0;
async function candidates(c: Company, n: number, extra: Record<string, unknown> = {}) {
  const docs = Array.from({ length: n }, () => {
    seq++;
    return { customerId: c.customerId, firstName: `Cand${seq}`, lastName: `Last${seq}`, email: `cand${seq}@example.test`, source: 'sourced', ...extra };
  });
  const rows = await Candidate.insertMany(docs);
  return rows.map((r) => String(r._id));
}

/**
 * Runs due background jobs by the test's clock (the app's own worker is stopped). One at a time: a batch's
 * mail runs inline with a lease by the real clock, which this worker's (later) clock would take as expired.
 */
function worker() {
  return new JobWorker({ definitions: [MailJob, CampaignBatchJob], config: ctx.config, logger: ctx.logger, now: () => new Date(clock.now()), concurrency: 1 });
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const body = 'Hi {{candidate.firstName}},\n\nGreetings from {{company.name}}.\n\n{{sender.name}}';
const jobBody = 'Hi {{candidate.firstName}},\n\nWe are hiring a {{job.title}} at {{company.name}}: {{job.link}}\n\n{{sender.name}}';

async function createCampaign(c: Company, candidateIds: string[], extra: Record<string, unknown> = {}) {
  const res = await request(ctx.app).post('/api/campaigns').set(auth(c.recruiter)).send({ name: 'Winter hiring', subject: 'A role for you, {{candidate.firstName}}', body, candidateIds, ...extra }).expect(201);
  return ZCampaign.parse(res.body);
}

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true', PUBLIC_URL: 'https://ats.example.test' });
  await ctx.worker.stop({ graceMs: 0 });
  ctx.app.locals.clock = clock;
  acme = await company();
  globex = await company();
});
afterAll(async () => ctx.stop());
beforeEach(() => {
  t += 3600_000;
});

describe('campaigns: create, preview, send through the dev outbox', () => {
  it('fills the merge fields, carries an unsubscribe link, and puts the mail on each timeline', async () => {
    const job = await Job.create({ customerId: acme.customerId, title: 'Rocket <Engineer>', headcount: 1, status: 'open', published: true });
    const ids = await candidates(acme, 2);
    const created = await createCampaign(acme, ids, { jobId: String(job._id), body: jobBody });
    expect(created).toMatchObject({ status: 'draft', totals: { recipients: 2, queued: 2, sent: 0 }, job: { title: 'Rocket <Engineer>' } });

    const preview = ZCampaignPreview.parse((await request(ctx.app).get(`/api/campaigns/${created.id}/preview`).query({ candidateId: ids[1] }).set(auth(acme.recruiter)).expect(200)).body);
    const second = await Candidate.findOne({ customerId: acme.customerId, _id: ids[1] }).lean();
    expect(preview.subject).toBe(`A role for you, ${second!.firstName}`);
    expect(preview.html).toContain(`Hi ${second!.firstName},`);
    // Values are escaped in HTML; the job link points at the career site.
    expect(preview.html).toContain('Rocket &lt;Engineer&gt;');
    expect(preview.html).toContain(`<a href="https://ats.example.test/careers/${acme.slug}/${String(job._id)}">`);
    expect(preview.text).toContain('Rocket <Engineer>');
    expect(preview.text).toContain(acme.recruiterName);

    const sent = await request(ctx.app).post(`/api/campaigns/${created.id}/send`).set(auth(acme.recruiter)).send({}).expect(200);
    expect(sent.body.status).toBe('sending');
    await worker().drain();

    const done = ZCampaign.parse((await request(ctx.app).get(`/api/campaigns/${created.id}`).set(auth(acme.recruiter)).expect(200)).body);
    expect(done.status).toBe('sent');
    expect(done.totals).toEqual({ recipients: 2, queued: 0, sent: 2, failed: 0, bounced: 0, skipped_unsubscribed: 0 });
    expect(done.recipients.items.map((r) => r.status)).toEqual(['sent', 'sent']);

    const mail = await OutboxMail.findOne({ to: second!.email }).lean();
    expect(mail!.subject).toBe(`A role for you, ${second!.firstName}`);
    expect(mail!.text).toMatch(/Unsubscribe: https:\/\/ats\.example\.test\/api\/campaigns\/unsubscribe\/[a-f0-9]{48}[A-Za-z0-9_-]{43}/);
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe': expect.stringMatching(/^<https:\/\/ats\.example\.test\/api\/campaigns\/unsubscribe\//) });

    const timeline = await CandidateActivity.find({ customerId: acme.customerId, candidateId: { $in: ids.map((id) => new Types.ObjectId(id)) }, kind: 'email_sent' }).lean();
    expect(timeline).toHaveLength(2);
    expect(timeline[0]).toMatchObject({ summary: 'Campaign: Winter hiring', data: { campaignId: created.id, subject: expect.stringMatching(/^A role for you, Cand/) } });

    const list = ZCampaignList.parse((await request(ctx.app).get('/api/campaigns').set(auth(acme.recruiter)).expect(200)).body);
    expect(list.items.find((c) => c.id === created.id)).toMatchObject({ status: 'sent', totals: { sent: 2 }, createdBy: { name: acme.recruiterName } });
  });

  it('sends at a bounded rate: one batch now, the next only once the interval has passed', async () => {
    const n = CampaignSending.batchSize + 5;
    const ids = await candidates(acme, n);
    const created = await createCampaign(acme, ids);
    await request(ctx.app).post(`/api/campaigns/${created.id}/send`).set(auth(acme.recruiter)).send({}).expect(200);
    const w = worker();
    await w.drain();
    const after1 = (await request(ctx.app).get(`/api/campaigns/${created.id}`).set(auth(acme.recruiter)).expect(200)).body;
    expect(after1).toMatchObject({ status: 'sending', totals: { sent: CampaignSending.batchSize, queued: 5 } });

    clock.advance(CampaignSending.intervalMs - 1000);
    await w.drain();
    expect((await request(ctx.app).get(`/api/campaigns/${created.id}`).set(auth(acme.recruiter))).body.totals.sent).toBe(CampaignSending.batchSize);

    clock.advance(1000);
    await w.drain();
    const after2 = (await request(ctx.app).get(`/api/campaigns/${created.id}`).set(auth(acme.recruiter))).body;
    expect(after2).toMatchObject({ status: 'sent', totals: { sent: n, queued: 0 } });
  });

  it('schedules for later, and a cancelled schedule sends nothing', async () => {
    const ids = await candidates(acme, 1);
    const a = await createCampaign(acme, ids);
    const at = new Date(clock.now() + 2 * 3600_000).toISOString();
    const scheduled = await request(ctx.app).post(`/api/campaigns/${a.id}/send`).set(auth(acme.recruiter)).send({ scheduledAt: at }).expect(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledAt: at });
    const w = worker();
    await w.drain();
    expect((await request(ctx.app).get(`/api/campaigns/${a.id}`).set(auth(acme.recruiter))).body.totals.sent).toBe(0);
    clock.advance(2 * 3600_000);
    await w.drain();
    expect((await request(ctx.app).get(`/api/campaigns/${a.id}`).set(auth(acme.recruiter))).body).toMatchObject({ status: 'sent', totals: { sent: 1 } });

    const ids2 = await candidates(acme, 1);
    const b = await createCampaign(acme, ids2);
    await request(ctx.app).post(`/api/campaigns/${b.id}/send`).set(auth(acme.recruiter)).send({ scheduledAt: new Date(clock.now() + 3600_000).toISOString() }).expect(200);
    await request(ctx.app).post(`/api/campaigns/${b.id}/cancel`).set(auth(acme.recruiter)).expect(200);
    clock.advance(2 * 3600_000);
    await w.drain();
    expect((await request(ctx.app).get(`/api/campaigns/${b.id}`).set(auth(acme.recruiter))).body).toMatchObject({ status: 'cancelled', totals: { sent: 0, queued: 1 } });
    const email = (await Candidate.findById(ids2[0]).setOptions({ crossTenant: true }).lean())!.email;
    expect(await OutboxMail.countDocuments({ to: email })).toBe(0);
  });

  it('respects an unsubscribe link in a later campaign, and adds recipients to a draft', async () => {
    const [first, second] = await candidates(acme, 2);
    const one = await createCampaign(acme, [first!]);
    await request(ctx.app).post(`/api/campaigns/${one.id}/send`).set(auth(acme.recruiter)).send({}).expect(200);
    await worker().drain();
    const candidate = (await Candidate.findOne({ customerId: acme.customerId, _id: first }).lean())!;
    const mail = (await OutboxMail.findOne({ to: candidate.email }).lean())!;
    const token = /unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

    await request(ctx.app).get(`/api/campaigns/unsubscribe/${token.slice(0, -2)}xx`).set('Accept', 'application/json').expect(404);
    const page = await request(ctx.app).get(`/api/campaigns/unsubscribe/${token}`).set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('You are unsubscribed');
    expect((await Candidate.findOne({ customerId: acme.customerId, _id: first }).lean())!.unsubscribedAt).toBeInstanceOf(Date);
    expect(await CandidateActivity.countDocuments({ customerId: acme.customerId, candidateId: candidate._id, kind: 'unsubscribed' })).toBe(1);

    const two = await createCampaign(acme, [second!]);
    const added = await request(ctx.app).post(`/api/campaigns/${two.id}/recipients`).set(auth(acme.recruiter)).send({ candidateIds: [first] }).expect(200);
    expect(added.body.totals).toMatchObject({ recipients: 2, queued: 1, skipped_unsubscribed: 1 });
    await request(ctx.app).post(`/api/campaigns/${two.id}/send`).set(auth(acme.recruiter)).send({}).expect(200);
    await worker().drain();
    const done = ZCampaign.parse((await request(ctx.app).get(`/api/campaigns/${two.id}`).set(auth(acme.recruiter))).body);
    expect(done.totals).toMatchObject({ sent: 1, skipped_unsubscribed: 1 });
    expect(done.recipients.items.find((r) => r.candidateId === first)!.status).toBe('skipped_unsubscribed');
    expect(await OutboxMail.countDocuments({ to: candidate.email })).toBe(1);
  });

  it('never mails anyone twice when a batch runs again after a crash', async () => {
    const ids = await candidates(acme, 3);
    const c = await createCampaign(acme, ids);
    await request(ctx.app).post(`/api/campaigns/${c.id}/send`).set(auth(acme.recruiter)).send({}).expect(200);
    // A run that died after claiming two recipients: one long ago, one a moment ago (a run still going).
    const campaignId = new Types.ObjectId(c.id);
    const claim = (candidateId: string, at: number) => CampaignRecipient.updateOne({ customerId: acme.customerId, campaignId, candidateId: new Types.ObjectId(candidateId) }, { $set: { sendingAt: new Date(at) } });
    await claim(ids[0]!, clock.now() - CampaignSending.staleClaimMs);
    await claim(ids[1]!, clock.now() - 1000);
    await worker().drain();
    const after = (await request(ctx.app).get(`/api/campaigns/${c.id}`).set(auth(acme.recruiter))).body as { totals: Record<string, number>; recipients: { items: { candidateId: string; status: string; error: string }[] } };
    const byId = new Map(after.recipients.items.map((r) => [r.candidateId, r]));
    expect(byId.get(ids[0]!)).toMatchObject({ status: 'failed', error: InterruptedSendMessage });
    expect(byId.get(ids[1]!)?.status).toBe('queued');
    expect(byId.get(ids[2]!)?.status).toBe('sent');
    const emails = await Candidate.find({ customerId: acme.customerId, _id: { $in: ids } }, { email: 1 }).lean();
    const mailed = await OutboxMail.find({ to: { $in: emails.map((e) => e.email) } }).lean();
    expect(mailed.map((m) => m.to)).toEqual([emails.find((e) => String(e._id) === ids[2])!.email]);
  });

  it('skips a candidate who unsubscribed after being queued', async () => {
    const ids = await candidates(acme, 2);
    const c = await createCampaign(acme, ids);
    await Candidate.updateOne({ customerId: acme.customerId, _id: ids[0] }, { $set: { unsubscribedAt: new Date() } });
    await request(ctx.app).post(`/api/campaigns/${c.id}/send`).set(auth(acme.recruiter)).send({}).expect(200);
    await worker().drain();
    const done = (await request(ctx.app).get(`/api/campaigns/${c.id}`).set(auth(acme.recruiter))).body;
    expect(done.totals).toMatchObject({ sent: 1, skipped_unsubscribed: 1 });
  });
});

describe('campaigns: who may, and what is refused', () => {
  it('refuses hiring managers (403) and another company (404)', async () => {
    const ids = await candidates(acme, 1);
    const c = await createCampaign(acme, ids);
    await request(ctx.app).get('/api/campaigns').set(auth(acme.hm)).expect(403);
    await request(ctx.app).post('/api/campaigns').set(auth(acme.hm)).send({ name: 'x', subject: 'x', body: 'x', candidateIds: ids }).expect(403);
    await request(ctx.app).get(`/api/campaigns/${c.id}`).set(auth(acme.hm)).expect(403);
    await request(ctx.app).get(`/api/campaigns/${c.id}`).set(auth(globex.recruiter)).expect(404);
    await request(ctx.app).post(`/api/campaigns/${c.id}/send`).set(auth(globex.admin)).send({}).expect(404);
    await request(ctx.app).get(`/api/campaigns/${c.id}/preview`).set(auth(globex.recruiter)).expect(404);
    expect((await request(ctx.app).get('/api/campaigns').set(auth(globex.recruiter)).expect(200)).body.items.map((x: { id: string }) => x.id)).not.toContain(c.id);
  });

  it('refuses recipients the caller cannot see (another company, merged away)', async () => {
    const theirs = await candidates(globex, 1);
    const mine = await candidates(acme, 1);
    const res = await request(ctx.app).post('/api/campaigns').set(auth(acme.recruiter)).send({ name: 'x', subject: 'x', body: 'x', candidateIds: [...mine, ...theirs] }).expect(400);
    expect(res.body.message).toBe('1 of the picked candidates is not in your candidate database.');
    expect(res.body.details).toEqual({ missingCandidateIds: theirs });
    const merged = await candidates(acme, 1, { mergedIntoId: new Types.ObjectId(mine[0]) });
    await request(ctx.app).post('/api/campaigns').set(auth(acme.recruiter)).send({ name: 'x', subject: 'x', body: 'x', candidateIds: merged }).expect(400);
  });

  it('refuses an unknown merge field with a 400 naming it', async () => {
    const ids = await candidates(acme, 1);
    const res = await request(ctx.app).post('/api/campaigns').set(auth(acme.recruiter)).send({ name: 'x', subject: 'Hi {{candidate.nickname}}', body: '{{ salary }} and {{candidate.firstName}}', candidateIds: ids }).expect(400);
    expect(res.body.message).toMatch(/^Unknown merge fields: \{\{candidate\.nickname\}\}, \{\{salary\}\}\./);
    expect(res.body.details).toEqual({ unknownMergeFields: ['candidate.nickname', 'salary'] });
  });

  it('refuses job merge fields without a job, and a job link to a job not on the career site', async () => {
    const ids = await candidates(acme, 1);
    const noJob = await request(ctx.app).post('/api/campaigns').set(auth(acme.recruiter)).send({ name: 'x', subject: 'x', body: jobBody, candidateIds: ids }).expect(400);
    expect(noJob.body.message).toBe('Choose a job: the message uses {{job.title}} and {{job.link}}.');
    const hidden = await Job.create({ customerId: acme.customerId, title: 'Secret role', headcount: 1, status: 'open', published: false });
    const res = await request(ctx.app).post('/api/campaigns').set(auth(acme.recruiter)).send({ name: 'x', subject: 'x', body: jobBody, jobId: String(hidden._id), candidateIds: ids }).expect(400);
    expect(res.body.message).toBe('"Secret role" is not on your career site, so {{job.link}} would lead nowhere. Publish it first or choose another job.');
    const theirs = await Job.create({ customerId: globex.customerId, title: 'Elsewhere', headcount: 1, status: 'open', published: true });
    await request(ctx.app).post('/api/campaigns').set(auth(acme.recruiter)).send({ name: 'x', subject: 'x', body: jobBody, jobId: String(theirs._id), candidateIds: ids }).expect(404);
  });
});

describe('mail templates', () => {
  it('saves, lists and updates company templates; refuses unknown fields and other companies', async () => {
    const created = await request(ctx.app).post('/api/mail/templates').set(auth(acme.admin)).send({ kind: 'campaign', name: 'Reconnect', subject: 'Hello {{candidate.firstName}}', body: 'From {{company.name}}' }).expect(201);
    expect(created.body).toMatchObject({ kind: 'campaign', name: 'Reconnect' });
    const bad = await request(ctx.app).put(`/api/mail/templates/${created.body.id}`).set(auth(acme.admin)).send({ name: 'Reconnect', subject: 'x', body: '{{candidate.age}}' }).expect(400);
    expect(bad.body.message).toMatch(/^Unknown merge field: \{\{candidate\.age\}\}/);
    // Recruiters read templates (to pick one); changing them takes the settings right.
    const list = await request(ctx.app).get('/api/mail/templates').query({ kind: 'campaign' }).set(auth(acme.recruiter)).expect(200);
    expect(list.body.items.map((x: { name: string }) => x.name)).toContain('Reconnect');
    await request(ctx.app).post('/api/mail/templates').set(auth(acme.hm)).send({ name: 'x', subject: 'x', body: 'x' }).expect(403);
    await request(ctx.app).put(`/api/mail/templates/${created.body.id}`).set(auth(globex.admin)).send({ name: 'x', subject: 'x', body: 'x' }).expect(404);
    expect((await request(ctx.app).get('/api/mail/templates').set(auth(globex.admin))).body.items).toEqual([]);
  });
});

describe('campaigns over SMTP (only the SMTP server is mocked)', () => {
  let smtp: SMTPServer;
  let smtpUrl = '';
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('gone')) return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
        if (address.address.startsWith('busy')) return callback(Object.assign(new Error('Mailbox busy'), { responseCode: 451 }));
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('marks a permanent refusal bounced and a passing one failed after its attempts', async () => {
    const ok = await candidates(acme, 1);
    const gone = await candidates(acme, 1, { email: `gone-${seq}@example.test` });
    const busy = await candidates(acme, 1, { email: `busy-${seq}@example.test` });
    const c = await createCampaign(acme, [...ok, ...gone, ...busy]);
    await request(ctx.app).post(`/api/campaigns/${c.id}/send`).set(auth(acme.recruiter)).send({}).expect(200);
    const w = new JobWorker({ definitions: [MailJob, CampaignBatchJob], config: { ...ctx.config, smtpUrl }, logger: ctx.logger, now: () => new Date(clock.now()), concurrency: 1 });
    for (let i = 0; i < CampaignSending.maxAttemptsPerRecipient; i++) {
      await w.drain();
      clock.advance(CampaignSending.intervalMs);
    }
    const done = ZCampaign.parse((await request(ctx.app).get(`/api/campaigns/${c.id}`).set(auth(acme.recruiter))).body);
    expect(done.status).toBe('sent');
    expect(done.totals).toMatchObject({ sent: 1, bounced: 1, failed: 1, queued: 0 });
    const byId = new Map(done.recipients.items.map((r) => [r.candidateId, r]));
    expect(byId.get(gone[0]!)!.error).toMatch(/^SMTP 550/);
    expect(byId.get(busy[0]!)!.status).toBe('failed');
    expect(await CandidateActivity.countDocuments({ customerId: acme.customerId, candidateId: new Types.ObjectId(gone[0]), kind: 'email_sent' })).toBe(0);
  });
});
