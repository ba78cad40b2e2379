import type { TReferralCampaign } from '@hireflow/contracts/referrals';

/** Who a campaign went to, in words: "Everyone", or the departments, locations and business units it named. */
export function audienceText(audience: TReferralCampaign['audience']): string {
  if (audience.kind === 'everyone') return 'Everyone';
  return [...audience.departments, ...audience.locations, ...audience.businessUnits].map((n) => n.name).join(', ') || 'Nobody';
}

export const employeesText = (n: number) => `${n} ${n === 1 ? 'employee' : 'employees'}`;
