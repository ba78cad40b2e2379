import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi, ZOffer, type TRevokeOfferRequest } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import { invalidateOffers } from './invalidate-offers';

export function revokeOffer(id: string, input: TRevokeOfferRequest) {
  return apiPost(buildPath(OfferApi.revoke, { id }), input, ZOffer);
}

/** Withdraws the offer; the candidate is mailed the reason. */
export function useRevokeOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TRevokeOfferRequest }) => revokeOffer(id, input),
    onSuccess: () => invalidateOffers(client),
  });
}
