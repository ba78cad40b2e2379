import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReferralApi, ZAudienceCount, type TReferralAudience } from '@hireflow/contracts/referrals';
import { apiPost } from '@/lib/api-client';

export function countCampaignAudience(audience: TReferralAudience) {
  return apiPost(ReferralApi.campaignAudience, audience, ZAudienceCount);
}

function isComplete(audience: TReferralAudience) {
  return audience.kind === 'everyone' || audience.departmentIds.length + audience.locationIds.length + audience.businessUnitIds.length > 0;
}

export function countCampaignAudienceQueryOptions(audience: TReferralAudience) {
  return queryOptions({ queryKey: ['referral-campaigns', 'audience', audience], queryFn: () => countCampaignAudience(audience), placeholderData: keepPreviousData });
}

/** How many employees an audience reaches, asked again as the audience changes (only once it names someone). */
export function useCampaignAudienceCount(audience: TReferralAudience) {
  return useQuery({ ...countCampaignAudienceQueryOptions(audience), enabled: isComplete(audience) });
}
