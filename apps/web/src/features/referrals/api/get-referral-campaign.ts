import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReferralApi, ZReferralCampaign } from '@hireflow/contracts/referrals';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';
import { CampaignPollMs } from './get-referral-campaigns';

export function getReferralCampaign(id: string) {
  return apiGet(buildPath(ReferralApi.campaign, { id }), ZReferralCampaign);
}

/** One campaign, asked again every few seconds until it is sent or has failed. */
export function getReferralCampaignQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['referral-campaigns', 'one', id],
    queryFn: () => getReferralCampaign(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'sent' || status === 'failed' ? false : CampaignPollMs;
    },
  });
}

export function useReferralCampaign(id: string | null) {
  return useQuery({ ...getReferralCampaignQueryOptions(id ?? ''), enabled: Boolean(id) });
}
