import { Types, type ClientSession } from 'mongoose';
import { formatMoney, fromMinorUnits } from '@hireflow/contracts/offers';
import { enqueueJob, type JobContext, type JobDefinition } from '../../../lib/job-queue';
import { notifyUser, type LinkingMailContext } from '../../mail/notify-user';
import { readableDate } from '../../offers/offer-dates';
import { ReferralReward, type ReferralRewardDoc } from '../referral-reward.model';

/** The mail kind of every reward notice; preferences map it to "Referral updates". */
export const RewardMailKind = 'referral-reward';
const RewardsPage = '/referral-rewards';

type Notice = 'hired' | 'payable' | 'paid' | 'forfeited';
export const rewardDisplay = (r: Pick<ReferralRewardDoc, 'amountMinor' | 'currency'>) => formatMoney(fromMinorUnits(r.amountMinor, r.currency), r.currency);

function noticeOf(notice: Notice, r: ReferralRewardDoc) {
  const who = r.candidateName || 'The person you referred';
  const money = rewardDisplay(r);
  switch (notice) {
    case 'hired':
      return { subject: `Your referral ${who} was hired`, lines: [`Your referral ${who} was hired as ${r.jobTitle}: a reward of ${money} becomes payable on ${readableDate(r.payableOn)}.`] };
    case 'payable':
      return { subject: `Your referral reward for ${who} is payable`, lines: [`The waiting period for your referral of ${who} (${r.jobTitle}) is over: your reward of ${money} is now payable.`] };
    case 'paid':
      return { subject: `Your referral reward for ${who} was paid`, lines: [`Your reward of ${money} for referring ${who} (${r.jobTitle}) was marked paid.`] };
    case 'forfeited':
      return { subject: `Your referral reward for ${who} was forfeited`, lines: [`Your reward of ${money} for referring ${who} (${r.jobTitle}) was forfeited.`, `Reason: ${r.forfeitReason}`] };
  }
}

/** Tells the referrer what happened to their reward (a "Referral updates" mail, see their preferences). */
export async function notifyReferrer(ctx: LinkingMailContext, reward: ReferralRewardDoc, notice: Notice) {
  await notifyUser(ctx, reward.customerId, reward.referrerId, { kind: RewardMailKind, ...noticeOf(notice, reward), link: RewardsPage });
}

type NoticePayload = { customerId: string; rewardId: string };

/** The "was hired" notice, queued in the hire's transaction so it goes out only if the hire commits. */
export const RewardHiredNoticeJob: JobDefinition<NoticePayload> = {
  name: 'referrals.reward-hired-notice',
  maxAttempts: 3,
  async handler({ customerId, rewardId }, ctx: JobContext) {
    const reward = await ReferralReward.findOne({ customerId: new Types.ObjectId(customerId), _id: new Types.ObjectId(rewardId), status: { $ne: 'forfeited' } }).lean<ReferralRewardDoc>();
    // Gone: the hire was undone before the notice went out.
    if (!reward) return { notified: false };
    await notifyReferrer(ctx, reward, 'hired');
    return { notified: true };
  },
};

export function queueHiredNotice(reward: Pick<ReferralRewardDoc, '_id' | 'customerId'>, session: ClientSession) {
  return enqueueJob(RewardHiredNoticeJob.name, { customerId: String(reward.customerId), rewardId: String(reward._id) }, { session, customerId: reward.customerId, maxAttempts: RewardHiredNoticeJob.maxAttempts });
}
