import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { JobWorker, ensureRecurringJobs } from '../../lib/job-queue';
import { QueueJob } from '../../lib/job-queue.model';
import { MailJob } from '../../lib/mailer';
import { OutboxMail } from '../mail/outbox.model';
import { User } from '../users/user.model';
import { Offer } from './offer.model';
import { OfferSweepEveryMs, OfferSweepsJob } from './offer-sweeps.job';
import { addOffer, buildOfferCompany, type OfferCompany } from './offers.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  // The tests run the sweep themselves by a clock they move: "a week later" needs no waiting.
  await ctx.worker.stop({ graceMs: 0 });
});
afterAll(() => ctx.stop());

const Hour = 3600_000;

/** A worker with the sweep on a fake clock; `sweep(at)` runs whatever is due at that instant. */
async function sweeper(start: number) {
  let t = start;
  const worker = new JobWorker({ definitions: [OfferSweepsJob, MailJob], config: ctx.config, logger: ctx.logger, now: () => new Date(t) });
  await QueueJob.deleteMany({ name: OfferSweepsJob.name });
  await ensureRecurringJobs([OfferSweepsJob], new Date(t));
  return async (at: number) => {
    t = at;
    await worker.drain();
  };
}

const statusOf = async (oc: OfferCompany, id: unknown) => (await Offer.findOne({ customerId: oc.co.customerId, _id: id }).lean())!.status;

describe('the offer sweep', () => {
  it('expires sent offers once their link has run out and tells the creator', async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 3, inOffer: 3 });
    const expiresAt = new Date('2030-03-10T22:59:59.999Z');
    const sent = await addOffer(oc, oc.applicationIds[0]!, { status: 'sent', expiresAt });
    const approved = await addOffer(oc, oc.applicationIds[1]!, { status: 'approved', expiresAt });
    const later = await addOffer(oc, oc.applicationIds[2]!, { status: 'sent', expiresAt: new Date(expiresAt.getTime() + 48 * Hour) });
    const mails = () => OutboxMail.find({ to: oc.co.recruiter.user.email, kind: 'offer-expired' }).lean();

    const sweep = await sweeper(expiresAt.getTime() - Hour);
    await sweep(expiresAt.getTime() - Hour);
    expect(await statusOf(oc, sent._id)).toBe('sent');

    await sweep(expiresAt.getTime() + 10 * 60_000);
    expect(await statusOf(oc, sent._id)).toBe('expired');
    expect(await statusOf(oc, approved._id)).toBe('approved');
    expect(await statusOf(oc, later._id)).toBe('sent');
    const told = await mails();
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Offer expired: Applicant0 Tester, Backend Engineer');
    expect(told[0]!.text).toContain(`/application/${oc.applicationIds[0]}`);
    const detail = await request(ctx.app).get(`/api/offers/${String(sent._id)}`).set('Authorization', oc.co.recruiter.auth).expect(200);
    expect(detail.body.events.map((e: { kind: string; by: unknown }) => [e.kind, e.by])).toEqual([['expired', null]]);

    await sweep(expiresAt.getTime() + 2 * Hour);
    expect(await mails()).toHaveLength(1);
    // One pending run, one period after the last.
    const pending = await QueueJob.find({ name: OfferSweepsJob.name, state: 'queued' }).lean();
    expect(pending.map((p) => p.runAt.getTime())).toEqual([expiresAt.getTime() + 2 * Hour + OfferSweepEveryMs]);
  });

  it("reminds the creator once on the start date, judged in the creator's time zone", async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 3, inOffer: 3 });
    await User.updateOne({ customerId: oc.co.customerId, _id: oc.co.recruiter.user._id }, { $set: { timezone: 'America/Los_Angeles' } });
    const accepted = await addOffer(oc, oc.applicationIds[0]!, { status: 'accepted', startDate: '2031-06-02' });
    const sent = await addOffer(oc, oc.applicationIds[1]!, { status: 'sent', startDate: '2031-06-02', expiresAt: new Date('2031-07-01T00:00:00Z') });
    const joined = await addOffer(oc, oc.applicationIds[2]!, { status: 'joined', startDate: '2031-06-02' });
    const reminders = () => OutboxMail.find({ to: oc.co.recruiter.user.email, kind: 'offer-start-reminder' }).lean();

    // 05:00 UTC on 2 June is still 1 June in Los Angeles.
    const sweep = await sweeper(Date.parse('2031-06-02T05:00:00Z'));
    await sweep(Date.parse('2031-06-02T05:00:00Z'));
    expect(await reminders()).toHaveLength(0);

    await sweep(Date.parse('2031-06-02T16:00:00Z'));
    const sentMails = await reminders();
    expect(sentMails).toHaveLength(1);
    expect(sentMails[0]!.subject).toBe('Applicant0 Tester starts as Backend Engineer: record joined or no-show');
    expect(sentMails[0]!.text).toContain(`/application/${oc.applicationIds[0]}`);
    expect((await Offer.findOne({ customerId: oc.co.customerId, _id: accepted._id }).lean())!.startReminderSentAt).not.toBeNull();

    await sweep(Date.parse('2031-06-05T16:00:00Z'));
    expect(await reminders()).toHaveLength(1);
    expect(await statusOf(oc, sent._id)).toBe('sent');
    expect(await statusOf(oc, joined._id)).toBe('joined');
  });
});
