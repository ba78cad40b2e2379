import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReferralApi, ZReferralCampaign, type TReferralCampaignRequest } from '@hireflow/contracts/referrals';
import { apiPost } from '@/lib/api-client';

export function createReferralCampaign(body: TReferralCampaignRequest) {
  return apiPost(ReferralApi.campaigns, body, ZReferralCampaign);
}

/** Queues a campaign: the background queue mails it to its audience. */
export function useCreateReferralCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReferralCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: ['referral-campaigns', 'list'] }),
  });
}
