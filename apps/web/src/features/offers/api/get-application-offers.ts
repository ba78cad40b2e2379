import { queryOptions, useQuery } from '@tanstack/react-query';
import { OfferApi, ZApplicationOffers } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getApplicationOffers(applicationId: string) {
  return apiGet(buildPath(OfferApi.applicationOffers, { id: applicationId }), ZApplicationOffers);
}

export function getApplicationOffersQueryOptions(applicationId: string) {
  return queryOptions({ queryKey: ['offers', 'application', applicationId], queryFn: () => getApplicationOffers(applicationId), retry: false });
}

/** The offers of one application, newest first (403/404 when the caller may not see pay: the panel hides). */
export function useApplicationOffers(applicationId: string) {
  return useQuery(getApplicationOffersQueryOptions(applicationId));
}
