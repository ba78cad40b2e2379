import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp } from '../../../test/test-app';
import { JobWorker, ensureRecurringJobs } from '../../../lib/job-queue';
import { QueueJob } from '../../../lib/job-queue.model';
import { OutboxMail } from '../../mail/outbox.model';
import { addOffer, type OfferCompany } from '../../offers/offers.test-support';
import { withTransaction } from '../../jobs/with-transaction';
import { runOfferAcceptedHooks } from '../../offers/offer-accepted-hooks';
import { ReferralReward } from '../referral-reward.model';
import { ReferralSettings } from '../referral-settings.model';
import { RewardHiredNoticeJob } from './reward-notices';
import { RewardSweepJob } from './reward-sweep.job';
import { addReferral, buildRewardCompany, type RewardCompany } from './rewards.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  // The tests run the background work themselves, on a clock they move.
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const move = (rc: RewardCompany, id: string, kind: string) => request(app).post(`/api/applications/${id}/move`).set('Authorization', rc.co.recruiter.auth).send({ stageId: rc.stage(kind) });
const rewardOf = (rc: RewardCompany, applicationId: string) => ReferralReward.findOne({ customerId: rc.co.customerId, applicationId }).lean();
const mailsTo = (rc: RewardCompany) => OutboxMail.find({ to: rc.referrer.user.email, kind: 'referral-reward' }).sort({ createdAt: 1, _id: 1 }).lean();

/**
 * A worker on a fake clock running the sweep and the hire notices; `run(at)` does whatever is due then. Mail
 * goes out in the notifying job itself (no mail worker here: on a clock years ahead its lease looks expired).
 */
async function worker(start: number) {
  let t = start;
  const w = new JobWorker({ definitions: [RewardSweepJob, RewardHiredNoticeJob], config: ctx.config, logger: ctx.logger, now: () => new Date(t) });
  await QueueJob.deleteMany({ name: RewardSweepJob.name });
  await ensureRecurringJobs([RewardSweepJob], new Date(t));
  return async (at: number) => {
    t = at;
    await w.drain();
  };
}

describe('a hire through a referral', () => {
  it('creates a pending reward from the start date, tells the referrer, and the sweep makes it payable on the day', async () => {
    const rc = await buildRewardCompany(app, ctx.config);
    const [withOffer, withoutOffer] = rc.referralApplicationIds as [string, string];
    await addOffer(rc as unknown as OfferCompany, withOffer, { status: 'accepted', startDate: '2031-03-02' });

    expect((await move(rc, withOffer, 'hired')).status).toBe(200);
    const reward = await rewardOf(rc, withOffer);
    expect(reward).toMatchObject({ status: 'pending', currency: 'EUR', amountMinor: 100000, startDate: '2031-03-02', payableOn: '2031-04-01', candidateName: 'Friend0 Doe', jobTitle: 'Backend Engineer' });
    expect(String(reward!.referrerId)).toBe(rc.referrer.id);

    // No accepted offer: the hire's own day is the start date.
    expect((await move(rc, withoutOffer, 'hired')).status).toBe(200);
    const plain = await rewardOf(rc, withoutOffer);
    const hireDay = plain!.hiredAt.toISOString().slice(0, 10);
    expect(plain!.startDate).toBe(hireDay);
    expect(plain!.payableOn).toBe(new Date(Date.parse(`${hireDay}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10));

    const run = await worker(Date.parse('2031-03-31T23:30:00Z'));
    await run(Date.parse('2031-03-31T23:30:00Z'));
    const hiredMails = (await mailsTo(rc)).filter((m) => m.subject.endsWith('was hired'));
    expect(hiredMails.map((m) => m.subject).sort()).toEqual(['Your referral Friend0 Doe was hired', 'Your referral Friend1 Doe was hired']);
    expect(hiredMails.find((m) => m.subject.includes('Friend0'))!.text).toContain('Your referral Friend0 Doe was hired as Backend Engineer: a reward of EUR 1,000.00 becomes payable on 1 Apr 2031.');
    // The day before: still waiting (the other reward, hired today, is long payable by this clock).
    expect((await rewardOf(rc, withOffer))!.status).toBe('pending');
    expect((await rewardOf(rc, withoutOffer))!.status).toBe('payable');

    await run(Date.parse('2031-04-01T00:30:00Z') + 3600_000);
    expect((await rewardOf(rc, withOffer))!.status).toBe('payable');
    const payable = (await mailsTo(rc)).filter((m) => m.subject === 'Your referral reward for Friend0 Doe is payable');
    expect(payable).toHaveLength(1);
    expect(payable[0]!.text).toContain('your reward of EUR 1,000.00 is now payable');
    expect(payable[0]!.text).toContain('/referral-rewards');

    // A later sweep tells no one again.
    await run(Date.parse('2031-04-03T00:30:00Z'));
    expect((await mailsTo(rc)).filter((m) => m.subject.includes('is payable'))).toHaveLength(2);
  });

  it('an offer accepted after the hire moves a pending reward to its start date', async () => {
    const rc = await buildRewardCompany(app, ctx.config, { referred: 1 });
    const [id] = rc.referralApplicationIds as [string];
    expect((await move(rc, id, 'hired')).status).toBe(200);
    const offer = await addOffer(rc as unknown as OfferCompany, id, { status: 'accepted', startDate: '2031-05-04' });
    await withTransaction((session) => runOfferAcceptedHooks({ offer, at: new Date(), session }));
    expect(await rewardOf(rc, id)).toMatchObject({ status: 'pending', startDate: '2031-05-04', payableOn: '2031-06-03' });
  });

  it('takes the amount at hire time: the job override over the department over the default', async () => {
    const rc = await buildRewardCompany(app, ctx.config, { referred: 1 });
    const [id] = rc.referralApplicationIds as [string];
    await ReferralSettings.updateOne(
      { customerId: rc.co.customerId },
      { $set: { overrides: [{ departmentId: rc.co.department._id, jobId: null, reward: { currency: 'EUR', amountMinor: 150000 } }, { departmentId: null, jobId: rc.job._id, reward: { currency: 'USD', amountMinor: 250000 } }] } },
    );
    expect((await move(rc, id, 'hired')).status).toBe(200);
    expect(await rewardOf(rc, id)).toMatchObject({ currency: 'USD', amountMinor: 250000 });
  });

  it('earns nothing for a referral without the credit, not eligible, or with no reward set', async () => {
    const rc = await buildRewardCompany(app, ctx.config, { referred: 0 });
    const notCredited = await addReferral(rc, 'Second', { credited: false, rewardEligibility: 'referred_by_someone_else' });
    const recruiterFriend = await addReferral(rc, 'Known', { rewardEligibility: 'known_candidate' });
    const eligible = await addReferral(rc, 'Eligible');
    for (const id of [notCredited, recruiterFriend]) expect((await move(rc, id, 'hired')).status).toBe(200);
    expect(await ReferralReward.countDocuments({ customerId: rc.co.customerId })).toBe(0);
    // Room for one more hire (headcount 2), with no reward set.
    expect((await move(rc, notCredited, 'interview')).status).toBe(200);
    await ReferralSettings.updateOne({ customerId: rc.co.customerId }, { $set: { defaultReward: null } });
    expect((await move(rc, eligible, 'hired')).status).toBe(200);
    expect(await ReferralReward.countDocuments({ customerId: rc.co.customerId })).toBe(0);
  });

  it('undoing a hire removes a pending reward; a hire again makes one again; a payable one stays', async () => {
    const rc = await buildRewardCompany(app, ctx.config);
    const [first, second] = rc.referralApplicationIds as [string, string];
    await move(rc, first, 'hired');
    expect(await rewardOf(rc, first)).not.toBeNull();
    expect((await move(rc, first, 'interview')).status).toBe(200);
    expect(await rewardOf(rc, first)).toBeNull();
    expect((await move(rc, first, 'hired')).status).toBe(200);
    expect(await ReferralReward.countDocuments({ customerId: rc.co.customerId, applicationId: first })).toBe(1);

    await move(rc, second, 'hired');
    await ReferralReward.updateOne({ customerId: rc.co.customerId, applicationId: second }, { $set: { status: 'payable' } });
    expect((await move(rc, second, 'offer')).status).toBe(200);
    expect((await rewardOf(rc, second))!.status).toBe('payable');
    // Hired again: the one reward of the referral stays as it was.
    expect((await move(rc, second, 'hired')).status).toBe(200);
    expect(await ReferralReward.find({ customerId: rc.co.customerId, applicationId: second }).lean()).toMatchObject([{ status: 'payable' }]);

    // The notice of the undone first hire is not sent; the re-hire's is.
    const run = await worker(Date.now());
    await run(Date.now());
    expect((await mailsTo(rc)).map((m) => m.subject).sort()).toEqual(['Your referral Friend0 Doe was hired', 'Your referral Friend1 Doe was hired']);
  });
});
