import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi, ZOffer, type TCreateOfferRequest } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import { invalidateOffers } from './invalidate-offers';

export function createOffer(applicationId: string, input: TCreateOfferRequest) {
  return apiPost(buildPath(OfferApi.applicationOffers, { id: applicationId }), input, ZOffer);
}

export function useCreateOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, input }: { applicationId: string; input: TCreateOfferRequest }) => createOffer(applicationId, input),
    onSuccess: () => invalidateOffers(client),
  });
}
