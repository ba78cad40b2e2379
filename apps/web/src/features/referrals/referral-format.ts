import type { TMyReferral, TRewardEligibility } from '@hireflow/contracts/referrals';

export const referralDay = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const noRewardTexts: Record<TRewardEligibility, string> = {
  eligible: 'If hired',
  known_candidate: 'None: already a candidate',
  not_eligible_role: 'None: not eligible in your role',
  referred_by_someone_else: 'None: referred first by someone else',
  no_reward_set: 'No reward set',
};

/** The reward column: the amount and where it stands once a hire created it, else why there is none (yet). */
export function rewardText(referral: Pick<TMyReferral, 'reward' | 'rewardEligibility'>): string {
  const { reward } = referral;
  if (!reward) return noRewardTexts[referral.rewardEligibility];
  const payable = reward.status === 'pending' && reward.payableOn ? ` · payable from ${referralDay(`${reward.payableOn}T12:00:00Z`)}` : '';
  return `${reward.amount} · ${reward.statusLabel}${payable}`;
}
