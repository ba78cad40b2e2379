import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { PrivacyApi, PrivacyMessages } from '@hireflow/contracts/privacy';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { JobWorker, enqueueJob } from '../../../lib/job-queue';
import { MailJob } from '../../../lib/mailer';
import { QueueJob } from '../../../lib/job-queue.model';
import { OutboxMail } from '../../mail/outbox.model';
import { Candidate, type CandidateDoc } from '../../candidates/candidate.model';
import { Customer } from '../../org/customer.model';
import { AuditEntry } from '../audit/audit-entry.model';
import { PrivacyLink } from '../privacy-link.model';
import { createPrivacyLink } from '../privacy-link';
import { ConsentRenewalMailJob, ConsentRenewalSweepJob } from './consent.jobs';
import { addMonths } from './consent.service';
import { formatDay } from './consent-dates';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
const Day = 24 * 3600 * 1000;
// The worker's and the app's clock: tests move it instead of waiting.
let t = Date.now();

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL: 'https://jobs.example.test', RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  // The tests run the queue themselves, on a clock they move.
  await ctx.worker.stop({ graceMs: 0 });
  t = Date.now();
  app.locals.clock = { now: () => t };
});
afterAll(() => ctx.stop());

async function company(name: string) {
  const customer = await buildCustomer({ name });
  const admin = `Bearer ${await tokenFor(ctx.config, await buildUser({ customerId: customer._id, admin: true }))}`;
  return { customerId: customer._id, admin };
}

/** A candidate who consented; their consent lapses `days` from the clock's now. */
async function consenting(customerId: Types.ObjectId, email: string, days: number) {
  const expiresAt = new Date(t + days * Day);
  return (await Candidate.create({ customerId, firstName: email.split('@')[0], lastName: 'Tester', email, source: 'career_site', legalBasis: 'consent', consentAt: addMonths(expiresAt, -24), consentSource: 'Career site apply form', consentExpiresAt: expiresAt })).toObject() as CandidateDoc;
}

const worker = () => new JobWorker({ definitions: [ConsentRenewalSweepJob, ConsentRenewalMailJob, MailJob], config: ctx.config, logger: ctx.logger, now: () => new Date(t) });
const renewalMails = (to: string) => OutboxMail.find({ to, kind: 'consent-renewal' }).lean();
const tokenOf = (text: string) => /\/privacy\/([A-Za-z0-9_-]+)\/renew/.exec(text)![1]!;

describe('the daily consent renewal sweep', () => {
  it('mails once a candidate whose consent lapses in 20 days, not one whose consent lapses in 60', async () => {
    const co = await company('Sweep Co');
    const soon = await consenting(co.customerId, 'soon@sweep.test', 20);
    await consenting(co.customerId, 'later@sweep.test', 60);
    await consenting(co.customerId, 'lapsed@sweep.test', -3);
    const w = worker();
    // The app's own worker may have run the sweep at start-up (and queued its next run): this test starts its days afresh.
    await QueueJob.deleteMany({ name: ConsentRenewalSweepJob.name });
    await enqueueJob(ConsentRenewalSweepJob.name, {}, { runAt: new Date(t) });

    await w.drain();
    const mails = await renewalMails('soon@sweep.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Shall Sweep Co keep your details?');
    expect(mails[0]!.text).toContain('That consent ends on');
    expect(mails[0]!.text).toMatch(/https:\/\/jobs\.example\.test\/privacy\/[A-Za-z0-9_-]+\/renew/);
    expect(await renewalMails('later@sweep.test')).toHaveLength(0);
    expect(await renewalMails('lapsed@sweep.test')).toHaveLength(0);
    expect((await Candidate.findOne({ customerId: co.customerId, _id: soon._id }).lean())!.consentRenewalSentAt!.getTime()).toBe(t);

    // The next day's run asks nobody twice; 35 days on, the other one's turn has come.
    t += Day;
    await w.drain();
    expect(await renewalMails('soon@sweep.test')).toHaveLength(1);
    t += 35 * Day;
    await w.drain();
    expect(await renewalMails('later@sweep.test')).toHaveLength(1);
    expect(await renewalMails('soon@sweep.test')).toHaveLength(1);
    t = Date.now();
  });
});

describe('GET/POST /api/privacy/consent-renewal', () => {
  it('counts who is due and expired, queues one mail each, and never for another company', async () => {
    const a = await company('Renew A');
    const b = await company('Renew B');
    await consenting(a.customerId, 'due1@a.test', 10);
    await consenting(a.customerId, 'due2@a.test', 29);
    await consenting(a.customerId, 'fine@a.test', 200);
    await consenting(a.customerId, 'gone@a.test', -1);
    await consenting(b.customerId, 'due@b.test', 5);

    expect((await request(app).get(PrivacyApi.consentRenewal).set('Authorization', a.admin).expect(200)).body).toEqual({ due: 2, expired: 1 });
    expect((await request(app).get(PrivacyApi.consentRenewal).set('Authorization', b.admin).expect(200)).body).toEqual({ due: 1, expired: 0 });

    const queued = await request(app).post(PrivacyApi.consentRenewal).set('Authorization', a.admin).expect(200);
    expect(queued.body).toEqual({ queued: 2, message: PrivacyMessages.renewalQueued(2) });
    // Asked twice before the mails went: still one each.
    expect((await request(app).post(PrivacyApi.consentRenewal).set('Authorization', a.admin).expect(200)).body.queued).toBe(0);

    await worker().drain();
    expect(await renewalMails('due1@a.test')).toHaveLength(1);
    expect(await renewalMails('due2@a.test')).toHaveLength(1);
    expect(await renewalMails('fine@a.test')).toHaveLength(0);
    expect(await renewalMails('due@b.test')).toHaveLength(0);
    expect((await request(app).get(PrivacyApi.consentRenewal).set('Authorization', a.admin).expect(200)).body).toEqual({ due: 0, expired: 1 });
    expect((await request(app).get(PrivacyApi.consentRenewal).set('Authorization', b.admin).expect(200)).body).toEqual({ due: 1, expired: 0 });
  });
});

describe('the renewal page /privacy/:token/renew', () => {
  it('GET shows one button and changes nothing; POST renews and records it', async () => {
    const co = await company('Page Co');
    await Customer.updateOne({ _id: co.customerId }, { $set: { 'privacy.consentMonths': 12 } });
    const cand = await consenting(co.customerId, 'page@co.test', 10);
    await request(app).post(PrivacyApi.consentRenewal).set('Authorization', co.admin).expect(200);
    await worker().drain();
    const token = tokenOf((await renewalMails('page@co.test'))[0]!.text);

    const page = await request(app).get(`/privacy/${token}/renew`).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<button type="submit">Keep my details</button>');
    expect(page.text).toContain(`action="/privacy/${token}/renew"`);
    expect(page.text).toContain('for another 12 months');
    expect(page.text).toContain(`That consent ends on ${formatDay(cand.consentExpiresAt!)}.`);
    expect(page.text).not.toContain('<script');
    const before = (await Candidate.findOne({ customerId: co.customerId, _id: cand._id }).lean())!;
    expect(before.consentExpiresAt!.getTime()).toBe(cand.consentExpiresAt!.getTime());
    expect(await AuditEntry.countDocuments({ customerId: co.customerId, action: 'consent_renewed' })).toBe(0);

    t += Day;
    const done = await request(app).post(`/privacy/${token}/renew`).expect(200);
    expect(done.text).toContain(PrivacyMessages.consentRenewed);
    const after = (await Candidate.findOne({ customerId: co.customerId, _id: cand._id }).lean())!;
    expect(after).toMatchObject({ legalBasis: 'consent', consentRenewalSentAt: null, consentSource: 'Renewed by the candidate (renewal mail)' });
    expect(after.consentAt!.getTime()).toBe(t);
    expect(after.consentExpiresAt!.getTime()).toBe(addMonths(new Date(t), 12).getTime());
    const audit = await AuditEntry.find({ customerId: co.customerId, action: 'consent_renewed' }).lean();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, candidateId: cand._id, personName: 'page Tester' });
    t = Date.now();
  });

  it('an unknown link is 404, an expired one 410, an erased candidate has nothing to renew', async () => {
    const co = await company('Links Co');
    expect((await request(app).get(`/privacy/${'x'.repeat(43)}/renew`).expect(404)).text).toContain(PrivacyMessages.linkUnknown);
    await request(app).post(`/privacy/${'x'.repeat(43)}/renew`).expect(404);

    const cand = await consenting(co.customerId, 'old@links.test', 10);
    const old = await createPrivacyLink({ customerId: co.customerId, candidateId: cand._id, publicUrl: 'https://jobs.example.test', now: new Date(t - 40 * Day) });
    expect((await request(app).get(`/privacy/${old.token}/renew`).expect(410)).text).toContain(PrivacyMessages.linkExpired);
    await request(app).post(`/privacy/${old.token}/renew`).expect(410);

    const erased = await consenting(co.customerId, 'erased@links.test', 10);
    await Candidate.updateOne({ customerId: co.customerId, _id: erased._id }, { $set: { erasedAt: new Date(t) } });
    const link = await createPrivacyLink({ customerId: co.customerId, candidateId: erased._id, publicUrl: 'https://jobs.example.test', now: new Date(t) });
    expect((await request(app).post(`/privacy/${link.token}/renew`).expect(410)).text).toContain('nothing to renew');
    expect((await Candidate.findOne({ customerId: co.customerId, _id: erased._id }).lean())!.consentAt!.getTime()).toBe(erased.consentAt!.getTime());
    expect(await PrivacyLink.countDocuments({ customerId: co.customerId })).toBe(2);
  });
});
