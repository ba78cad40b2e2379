import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReferralApi, ZReferralCampaignList } from '@hireflow/contracts/referrals';
import { apiGet } from '@/lib/api-client';

export function getReferralCampaigns(page: number) {
  return apiGet(ReferralApi.campaigns, ZReferralCampaignList, { params: { page } });
}

/** While a campaign is queued or sending, the list is asked again so its progress shows. */
export const CampaignPollMs = 3000;

export function getReferralCampaignsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['referral-campaigns', 'list', page],
    queryFn: () => getReferralCampaigns(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((c) => c.status === 'queued' || c.status === 'sending') ? CampaignPollMs : false),
  });
}

export function useReferralCampaigns(page: number, enabled = true) {
  return useQuery({ ...getReferralCampaignsQueryOptions(page), enabled });
}
