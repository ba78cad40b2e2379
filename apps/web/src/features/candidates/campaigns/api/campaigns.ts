import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CampaignsApi,
  ZCampaign,
  ZCampaignList,
  ZCampaignPreview,
  campaignPath,
  type TCampaign,
  type TCreateCampaignRequest,
  type TUpdateCampaignRequest,
} from '@hireflow/contracts/candidates-campaigns';
import { CandidatesApi, ZCandidateSummary } from '@hireflow/contracts/candidates';
import { apiGet, apiPatch, apiPost } from '@/lib/api-client';

const keys = {
  all: ['candidates', 'campaigns'] as const,
  one: (id: string, page: number) => ['candidates', 'campaigns', id, page] as const,
  preview: (id: string, candidateId: string | null) => ['candidates', 'campaigns', id, 'preview', candidateId] as const,
};

/** How often a campaign being sent is asked again for its progress (no server events yet). */
export const CampaignPollMs = 3000;
const inFlight = (c: TCampaign | undefined) => c?.status === 'sending' || c?.status === 'scheduled';

export function useCampaigns() {
  return useQuery({ queryKey: keys.all, queryFn: () => apiGet(CampaignsApi.campaigns, ZCampaignList) });
}

/** One campaign with a page of recipients; polled while it is scheduled or being sent. */
export function useCampaign(id: string | null, page = 1) {
  return useQuery({
    queryKey: keys.one(id ?? '', page),
    queryFn: () => apiGet(campaignPath(id!), ZCampaign, { params: { page } }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (inFlight(query.state.data) ? CampaignPollMs : false),
  });
}

export function useCampaignPreview(id: string | null, candidateId: string | null) {
  return useQuery({
    queryKey: keys.preview(id ?? '', candidateId),
    queryFn: () => apiGet(campaignPath(id!, 'preview'), ZCampaignPreview, { params: candidateId ? { candidateId } : {} }),
    enabled: Boolean(id),
  });
}

function useCampaignMutation<V>(fn: (vars: V) => Promise<TCampaign>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export const useCreateCampaign = () => useCampaignMutation((input: TCreateCampaignRequest) => apiPost(CampaignsApi.campaigns, input, ZCampaign));
export const useUpdateCampaign = () => useCampaignMutation(({ id, input }: { id: string; input: TUpdateCampaignRequest }) => apiPatch(campaignPath(id), input, ZCampaign));
export const useAddRecipients = () => useCampaignMutation(({ id, candidateIds }: { id: string; candidateIds: string[] }) => apiPost(campaignPath(id, 'recipients'), { candidateIds }, ZCampaign));
export const useSendCampaign = () => useCampaignMutation(({ id, scheduledAt }: { id: string; scheduledAt: string | null }) => apiPost(campaignPath(id, 'send'), { scheduledAt }, ZCampaign));
export const useCancelCampaign = () => useCampaignMutation((id: string) => apiPost(campaignPath(id, 'cancel'), {}, ZCampaign));

const ZLookup = z.object({ items: z.array(ZCandidateSummary.pick({ id: true, firstName: true, lastName: true, email: true, currentTitle: true })) });

/** A small candidate lookup for the wizard (the database search, first page). */
export function useCandidateLookup(q: string) {
  return useQuery({
    queryKey: ['candidates', 'lookup', q],
    queryFn: () => apiGet(CandidatesApi.candidates, ZLookup, { params: { q } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
