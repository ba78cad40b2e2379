import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { coarseStatusOf } from '@hireflow/contracts/referrals';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Application } from '../modules/candidates/applications/application.model';
import { QueueJob } from '../lib/job-queue.model';
import { Referral } from '../modules/referrals/referral.model';
import { ReferralReward } from '../modules/referrals/referral-reward.model';
import { RewardHiredNoticeJob } from '../modules/referrals/rewards/reward-notices';
import { seedDemoData } from './seed';
import { seedReferrals } from './seed-referrals';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.worker.stop({ graceMs: 0 });
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
}, 180_000);
afterAll(() => ctx.stop());

describe('demo referrals', () => {
  it("give Emma referrals in every coarse state, two hires with one reward paid by the admin and one pending", async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const customerId = acme._id;
    const user = async (email: string) => (await User.findOne({ customerId, email }).lean())!;
    const [emma, admin] = [await user('employee@acme.test'), await user('admin@acme.test')];
    await seedReferrals({ passwordHash: '' }); // a second run adds nothing

    const referrals = await Referral.find({ customerId, referrerId: emma._id }).lean();
    expect(referrals).toHaveLength(6);
    const applications = await Application.find({ customerId, _id: { $in: referrals.map((r) => r.applicationId) } }).lean();
    const jobs = await Job.find({ customerId, _id: { $in: applications.map((a) => a.jobId) } }).lean();
    const coarse = applications.map((a) => {
      const job = jobs.find((j) => j._id.equals(a.jobId))!;
      return coarseStatusOf({ stageKind: a.stageKind as 'screening', inFirstStage: String(job.stages[0]!._id) === String(a.stageId) });
    });
    expect(coarse.sort()).toEqual(['hired', 'hired', 'in_review', 'interviewing', 'not_selected', 'received']);
    expect(applications.every((a) => a.source === 'referral' && String(a.referrerId) === String(emma._id))).toBe(true);
    // Emma refers only to jobs she is not hiring for.
    expect(jobs.every((j) => !j.memberIds.some((m) => m.equals(emma._id)))).toBe(true);

    // The jobs' stage counts still match their applications.
    for (const job of jobs) {
      const inStages = await Application.aggregate<{ _id: unknown; n: number }>([{ $match: { customerId, jobId: job._id } }, { $group: { _id: '$stageId', n: { $sum: 1 } } }]);
      for (const { _id, n } of inStages) expect((job.stageCounts as Record<string, number>)[String(_id)]).toBe(n);
    }

    const rewards = await ReferralReward.find({ customerId, referrerId: emma._id }).lean();
    expect(rewards.map((r) => r.status).sort()).toEqual(['paid', 'pending']);
    const paid = rewards.find((r) => r.status === 'paid')!;
    expect(String(paid.approvedBy)).toBe(String(admin._id));
    expect(String(paid.paidBy)).toBe(String(admin._id));
    expect(paid.paidAt!.getTime()).toBeLessThan(Date.now());
    const pending = rewards.find((r) => r.status === 'pending')!;
    expect(pending.payableOn > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(await QueueJob.countDocuments({ name: RewardHiredNoticeJob.name, customerId, state: 'queued' })).toBe(0);

    const asEmma = `Bearer ${await tokenFor(ctx.config, emma)}`;
    const mine = await request(ctx.app).get('/api/referral-rewards').set('Authorization', asEmma).expect(200);
    expect(mine.body.total).toBe(2);
    expect(mine.body.items.every((r: { referrer: { name: string } }) => r.referrer.name === 'Emma Employee')).toBe(true);
    const settings = await request(ctx.app).get('/api/referral-settings').set('Authorization', asEmma).expect(200);
    expect(settings.body.defaultReward).toEqual({ currency: 'EUR', amount: '1000.00' });
    expect(settings.body.overrides).toHaveLength(1);
    expect(settings.body.overrides[0]).toMatchObject({ department: { name: expect.any(String) }, job: null, reward: { currency: 'EUR', amount: '1500.00' } });
  });
});
