import type { Types } from 'mongoose';
import { fromMinorUnits } from '@hireflow/contracts/offers';
import type { TReward } from '@hireflow/contracts/referral-rewards';
import type { TUserRef } from '@hireflow/contracts/common';
import { loadRefs, refOf } from '../../jobs/refs';
import type { ReferralRewardDoc } from '../referral-reward.model';
import { rewardDisplay } from './reward-notices';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const unknownUser = (id: Types.ObjectId): TUserRef => ({ id: String(id), name: 'Former user', email: '' });

/** The users a page of rewards names, in one query. */
export const rewardUsers = (customerId: Types.ObjectId, rows: ReferralRewardDoc[]) =>
  loadRefs(customerId, { users: rows.flatMap((r) => [r.referrerId, r.approvedBy, r.paidBy, r.forfeitedBy]) }).then((refs) => refs.users);

export function presentReward(r: ReferralRewardDoc, users: Map<string, TUserRef>, isAdmin: boolean): TReward {
  return {
    id: String(r._id),
    referralId: String(r.referralId),
    referrer: refOf(users, r.referrerId) ?? unknownUser(r.referrerId),
    candidateName: r.candidateName,
    job: { id: String(r.jobId), name: r.jobTitle },
    amount: fromMinorUnits(r.amountMinor, r.currency),
    currency: r.currency,
    display: rewardDisplay(r),
    status: r.status as TReward['status'],
    hiredAt: new Date(r.hiredAt).toISOString(),
    startDate: r.startDate,
    payableOn: r.payableOn,
    approvedAt: iso(r.approvedAt),
    approvedBy: refOf(users, r.approvedBy),
    paidAt: iso(r.paidAt),
    paidBy: refOf(users, r.paidBy),
    forfeitedAt: iso(r.forfeitedAt),
    forfeitedBy: refOf(users, r.forfeitedBy),
    forfeitReason: r.forfeitReason ?? '',
    can: {
      approve: isAdmin && r.status === 'payable',
      pay: isAdmin && r.status === 'approved',
      forfeit: isAdmin && (r.status === 'pending' || r.status === 'payable'),
    },
  };
}
