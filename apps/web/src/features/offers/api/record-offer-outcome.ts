import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi, ZOffer, type TOfferOutcomeRequest } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import { invalidateOffers } from './invalidate-offers';

export function recordOfferOutcome(id: string, input: TOfferOutcomeRequest) {
  return apiPost(buildPath(OfferApi.outcome, { id }), input, ZOffer);
}

/** After the start date: the new hire joined, or did not show up. */
export function useRecordOfferOutcome() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TOfferOutcomeRequest }) => recordOfferOutcome(id, input),
    onSuccess: () => invalidateOffers(client),
  });
}
