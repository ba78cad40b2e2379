import type { Types } from 'mongoose';
import type { TRewardEligibility } from '@hireflow/contracts/referrals';
import type { JobDoc } from '../../jobs/job.model';
import type { UserDoc } from '../../users/user.model';
import { Referral } from '../referral.model';
import { rewardFor, type LoadedReferralSettings } from '../referral-settings.model';

const DayMs = 24 * 3600_000;
const includes = (ids: Types.ObjectId[] | null | undefined, id: Types.ObjectId) => (ids ?? []).some((x) => x.equals(id));

/** The job's hiring team (jobs.access.ts): its owners (recruiters), its hiring manager and every member. */
export function onHiringTeam(job: Pick<JobDoc, 'recruiterIds' | 'hiringManagerId' | 'memberIds'>, userId: Types.ObjectId): boolean {
  return includes(job.recruiterIds, userId) || Boolean(job.hiringManagerId?.equals(userId)) || includes(job.memberIds, userId);
}

/**
 * Whether another employee's credited referral of this person still holds the credit: the first
 * referral keeps it for `creditWindowDays`; after that, a new referral is credited again.
 */
async function creditedToSomeoneElse({ customerId, candidateId, referrerId, at, windowDays }: { customerId: Types.ObjectId; candidateId: Types.ObjectId | null; referrerId: Types.ObjectId; at: Date; windowDays: number }) {
  if (!candidateId) return false;
  const since = new Date(at.getTime() - windowDays * DayMs);
  return Boolean(await Referral.exists({ customerId, candidateId, referrerId: { $ne: referrerId }, credited: true, referredAt: { $gt: since, $lte: at } }));
}

/**
 * Whether a referral holds the reward credit (`credited`) and whether it can earn a reward at all, by the
 * company's rules: someone else first, the referrer's role (hiring team, recruiter), a person the company
 * already knew, no reward set for the job. Only an eligible, credited referral earns a reward at hire time.
 */
export async function judgeReferral({
  customerId,
  job,
  referrer,
  candidateId,
  alreadyKnown,
  settings,
  at,
}: {
  customerId: Types.ObjectId;
  job: JobDoc;
  referrer: Pick<UserDoc, 'role'> & { _id: Types.ObjectId };
  candidateId: Types.ObjectId | null;
  alreadyKnown: boolean;
  settings: LoadedReferralSettings;
  at: Date;
}): Promise<{ credited: boolean; rewardEligibility: TRewardEligibility }> {
  const credited = !(await creditedToSomeoneElse({ customerId, candidateId, referrerId: referrer._id, at, windowDays: settings.creditWindowDays }));
  const rewardEligibility = ((): TRewardEligibility => {
    if (!credited) return 'referred_by_someone_else';
    if ((settings.excludeHiringTeam && onHiringTeam(job, referrer._id)) || (settings.excludeRecruiters && referrer.role === 'recruiter')) return 'not_eligible_role';
    if (alreadyKnown && !settings.rewardKnownCandidates) return 'known_candidate';
    if (!rewardFor(settings, job)) return 'no_reward_set';
    return 'eligible';
  })();
  return { credited, rewardEligibility };
}
