import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { OfferApi, ZOffer } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

/** Everything about offers lives under ['offers']; one offer under ['offers', 'detail', id]. */
export const offersKey: QueryKey = ['offers'];
export const offerKey = (id: string): QueryKey => [...offersKey, 'detail', id];

export function getOffer(id: string) {
  return apiGet(buildPath(OfferApi.offer, { id }), ZOffer);
}

export function getOfferQueryOptions(id: string) {
  return queryOptions({ queryKey: offerKey(id), queryFn: () => getOffer(id) });
}

/** The offer as its approval page shows it (GET /api/offers/:id). */
export function useOfferApproval(id: string) {
  return useQuery({ ...getOfferQueryOptions(id), enabled: id !== '' });
}
