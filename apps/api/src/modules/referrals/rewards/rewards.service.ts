import type { Types } from 'mongoose';
import { formatMoney, fromMinorUnits } from '@hireflow/contracts/offers';
import { RewardMessages, RewardStatuses, type TReward, type TRewardList, type TRewardStatus, type TRewardsQuery } from '@hireflow/contracts/referral-rewards';
import { AppError } from '../../../lib/app-error';
import type { UserDoc } from '../../users/user.model';
import type { LinkingMailContext } from '../../mail/notify-user';
import { ReferralReward, type ReferralRewardDoc } from '../referral-reward.model';
import { presentReward, rewardUsers } from './rewards.presenter';
import { notifyReferrer } from './reward-notices';

export const RewardPageSize = 25;

export type RewardsContext = { customerId: Types.ObjectId; actor: Pick<UserDoc, '_id' | 'admin'>; mail: LinkingMailContext; now: Date };

/** Admins see every reward of the company (optionally one referrer's); everyone else only their own. */
export function rewardFilter({ customerId, actor }: Pick<RewardsContext, 'customerId' | 'actor'>, query: Pick<TRewardsQuery, 'status' | 'referrerId'>) {
  const referrerId = actor.admin ? query.referrerId : actor._id;
  return { customerId, ...(referrerId ? { referrerId } : {}), ...(query.status ? { status: query.status } : {}) };
}

export async function listRewards(ctx: RewardsContext, query: TRewardsQuery): Promise<TRewardList> {
  const filter = rewardFilter(ctx, query);
  const [rows, total, sums] = await Promise.all([
    ReferralReward.find(filter).sort({ createdAt: -1, _id: -1 }).skip((query.page - 1) * RewardPageSize).limit(RewardPageSize).lean<ReferralRewardDoc[]>(),
    ReferralReward.countDocuments(filter),
    ReferralReward.aggregate<{ _id: { status: TRewardStatus; currency: string }; minor: number }>([
      { $match: filter },
      { $group: { _id: { status: '$status', currency: '$currency' }, minor: { $sum: '$amountMinor' } } },
      { $sort: { '_id.status': 1, '_id.currency': 1 } },
    ]),
  ]);
  const totals: Record<string, string[]> = {};
  for (const status of RewardStatuses) {
    const lines = sums.filter((s) => s._id.status === status).map((s) => formatMoney(fromMinorUnits(s.minor, s._id.currency), s._id.currency));
    if (lines.length) totals[status] = lines;
  }
  const users = await rewardUsers(ctx.customerId, rows);
  return { items: rows.map((r) => presentReward(r, users, Boolean(ctx.actor.admin))), total, page: query.page, pageSize: RewardPageSize, totals };
}

/** One reward: its referrer or an admin; anyone else (or another company) 404. */
export async function getReward(ctx: RewardsContext, id: string): Promise<TReward> {
  const reward = await ReferralReward.findOne({ ...rewardFilter(ctx, {}), _id: id }).lean<ReferralRewardDoc>();
  if (!reward) throw AppError.notFound('Reward');
  return presentReward(reward, await rewardUsers(ctx.customerId, [reward]), Boolean(ctx.actor.admin));
}

type Action = 'approve' | 'pay' | 'forfeit';
const fromStatuses: Record<Action, TRewardStatus[]> = { approve: ['payable'], pay: ['approved'], forfeit: ['pending', 'payable'] };

/** Why an action cannot apply to a reward in this state (409). */
function refusal(action: Action, status: TRewardStatus): string {
  if (status === 'paid' || status === 'forfeited') return RewardMessages.alreadyClosed;
  if (action === 'approve') return status === 'pending' ? RewardMessages.notPayableYet : RewardMessages.alreadyApproved;
  if (action === 'pay') return RewardMessages.notApproved;
  return RewardMessages.approvedNotForfeitable;
}

/**
 * One conditional update per action (the expected status in the filter), so a double click or two admins at
 * once change a reward once: the other gets 409 with the reason.
 */
async function changeReward(ctx: RewardsContext, id: string, action: Action, set: Record<string, unknown>) {
  if (!ctx.actor.admin) throw AppError.forbidden(RewardMessages.onlyAdmins);
  const updated = await ReferralReward.findOneAndUpdate({ customerId: ctx.customerId, _id: id, status: { $in: fromStatuses[action] } }, { $set: set }, { returnDocument: 'after' }).lean<ReferralRewardDoc>();
  if (!updated) {
    const current = await ReferralReward.findOne({ customerId: ctx.customerId, _id: id }, { status: 1 }).lean();
    if (!current) throw AppError.notFound('Reward');
    throw AppError.conflict(refusal(action, current.status as TRewardStatus));
  }
  return updated;
}

const present = async (ctx: RewardsContext, reward: ReferralRewardDoc) => presentReward(reward, await rewardUsers(ctx.customerId, [reward]), true);

export async function approveReward(ctx: RewardsContext, id: string) {
  return present(ctx, await changeReward(ctx, id, 'approve', { status: 'approved', approvedAt: ctx.now, approvedBy: ctx.actor._id }));
}

export async function payReward(ctx: RewardsContext, id: string) {
  const paid = await changeReward(ctx, id, 'pay', { status: 'paid', paidAt: ctx.now, paidBy: ctx.actor._id });
  await notifyReferrer(ctx.mail, paid, 'paid');
  return present(ctx, paid);
}

export async function forfeitReward(ctx: RewardsContext, id: string, reason: string) {
  const forfeited = await changeReward(ctx, id, 'forfeit', { status: 'forfeited', forfeitedAt: ctx.now, forfeitedBy: ctx.actor._id, forfeitReason: reason });
  await notifyReferrer(ctx.mail, forfeited, 'forfeited');
  return present(ctx, forfeited);
}
