import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi, ZOffer } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import { invalidateOffers } from './invalidate-offers';

export function submitOffer(id: string) {
  return apiPost(buildPath(OfferApi.submit, { id }), {}, ZOffer);
}

/** Sends a draft through the offer approval chain. */
export function useSubmitOffer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => submitOffer(id), onSuccess: () => invalidateOffers(client) });
}
