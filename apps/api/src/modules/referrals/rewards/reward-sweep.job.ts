import { registerRecurringJob, type JobContext } from '../../../lib/job-queue';
import { ReferralReward, type ReferralRewardDoc } from '../referral-reward.model';
import { notifyReferrer } from './reward-notices';

/** How often the sweep runs: a reward becomes payable at most this long after its day starts (UTC). */
export const RewardSweepEveryMs = 60 * 60_000;

/** Pending rewards whose payable day has come (by the worker's clock, UTC) become payable; each referrer is told. */
export async function makeRewardsPayable(now: Date, ctx: Pick<JobContext, 'config' | 'logger'>) {
  const today = now.toISOString().slice(0, 10);
  // Across companies (platform work), through the status+payableOn index.
  const due = await ReferralReward.find({ status: 'pending', payableOn: { $lte: today } }).setOptions({ crossTenant: true }).lean<ReferralRewardDoc[]>();
  let payable = 0;
  for (const reward of due) {
    // Conditional: a hire undone or a forfeit meanwhile wins, and two sweeps never both notify.
    const moved = await ReferralReward.findOneAndUpdate({ customerId: reward.customerId, _id: reward._id, status: 'pending' }, { $set: { status: 'payable' } }, { returnDocument: 'after' }).lean<ReferralRewardDoc>();
    if (!moved) continue;
    payable++;
    await notifyReferrer(ctx, moved, 'payable');
  }
  return payable;
}

export const RewardSweepJob = registerRecurringJob(
  { name: 'referrals.reward-sweep', maxAttempts: 3, handler: async (_payload, ctx) => ({ payable: await makeRewardsPayable(ctx.now(), ctx) }) },
  RewardSweepEveryMs,
);
