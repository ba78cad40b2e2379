import type { Types } from 'mongoose';
import { formatMoney, fromMinorUnits } from '@hireflow/contracts/offers';
import { RewardStatusLabels, type TRewardStatus } from '@hireflow/contracts/referral-rewards';
import { ReferralLimits, coarseStatusOf, type TMyReferral, type TMyReferralList } from '@hireflow/contracts/referrals';
import type { TStageKind } from '@hireflow/contracts/jobs';
import { Application } from '../../candidates/applications/application.model';
import { Job } from '../../jobs/job.model';
import { Referral, type ReferralDoc } from '../referral.model';
import { ReferralReward } from '../referral-reward.model';

/**
 * The caller's own referrals, newest first, each with the coarse status of its application and the reward
 * it earned. Only the coarse status leaves here: never stage names, notes, scorecards or rejection reasons.
 */
export async function listMyReferrals({ customerId, userId, page }: { customerId: Types.ObjectId; userId: Types.ObjectId; page: number }): Promise<TMyReferralList> {
  const pageSize = ReferralLimits.pageSize;
  const filter = { customerId, referrerId: userId };
  const [referrals, total] = await Promise.all([
    Referral.find(filter)
      .sort({ referredAt: -1, _id: -1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<ReferralDoc[]>(),
    Referral.countDocuments(filter),
  ]);
  const [applications, jobs, rewards] = await Promise.all([
    Application.find({ customerId, _id: { $in: referrals.map((r) => r.applicationId) } }, { stageId: 1, stageKind: 1 }).lean(),
    Job.find({ customerId, _id: { $in: [...new Set(referrals.map((r) => String(r.jobId)))] } }, { title: 1, 'stages._id': 1 }).lean<{ _id: Types.ObjectId; title: string; stages: { _id: Types.ObjectId }[] }[]>(),
    ReferralReward.find({ customerId, referralId: { $in: referrals.map((r) => r._id) } }, { referralId: 1, currency: 1, amountMinor: 1, status: 1, payableOn: 1 }).lean(),
  ]);
  const applicationOf = new Map(applications.map((a) => [String(a._id), a]));
  const jobOf = new Map(jobs.map((j) => [String(j._id), j]));
  const rewardOf = new Map(rewards.map((r) => [String(r.referralId), r]));

  const items = referrals.map((r): TMyReferral => {
    const application = applicationOf.get(String(r.applicationId));
    const job = jobOf.get(String(r.jobId));
    const firstStageId = job?.stages[0]?._id;
    const reward = rewardOf.get(String(r._id));
    return {
      id: String(r._id),
      candidateName: `${r.firstName} ${r.lastName}`.trim(),
      job: { id: String(r.jobId), name: job?.title ?? '' },
      referredAt: r.referredAt.toISOString(),
      status: application ? coarseStatusOf({ stageKind: application.stageKind as TStageKind, inFirstStage: Boolean(firstStageId?.equals(application.stageId)) }) : 'received',
      alreadyKnown: r.alreadyKnown,
      rewardEligibility: r.rewardEligibility,
      reward: reward
        ? {
            id: String(reward._id),
            amount: formatMoney(fromMinorUnits(reward.amountMinor, reward.currency), reward.currency),
            status: reward.status,
            statusLabel: RewardStatusLabels[reward.status as TRewardStatus],
            payableOn: reward.payableOn ?? null,
          }
        : null,
    };
  });
  return { items, total, page, pageSize };
}
