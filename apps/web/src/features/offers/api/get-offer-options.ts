import { queryOptions, useQuery } from '@tanstack/react-query';
import { OfferApi, ZOfferOptions } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getOfferOptions(applicationId: string) {
  return apiGet(buildPath(OfferApi.offerOptions, { id: applicationId }), ZOfferOptions);
}

export function getOfferOptionsQueryOptions(applicationId: string) {
  return queryOptions({ queryKey: ['offers', 'options', applicationId], queryFn: () => getOfferOptions(applicationId), retry: false });
}

/** What the offer form needs (defaults, letter templates, custom fields) and why no offer can be made now. */
export function useOfferOptions(applicationId: string) {
  return useQuery(getOfferOptionsQueryOptions(applicationId));
}
