import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi, ZOffer, type TUpdateOfferRequest } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPut } from '@/lib/api-client';
import { invalidateOffers } from './invalidate-offers';

export function updateOffer(id: string, input: TUpdateOfferRequest) {
  return apiPut(buildPath(OfferApi.offer, { id }), input, ZOffer);
}

/** A compensation change of an approved offer sends it back through the chain (the server decides). */
export function useUpdateOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateOfferRequest }) => updateOffer(id, input),
    onSuccess: () => invalidateOffers(client),
  });
}
