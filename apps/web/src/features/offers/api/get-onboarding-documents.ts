import { queryOptions, useQuery } from '@tanstack/react-query';
import { OfferApi } from '@hireflow/contracts/offers';
import { ZOnboardingDocumentList } from '@hireflow/contracts/offers-onboarding';
import { apiGet } from '@/lib/api-client';

/** Company settings: the onboarding documents (active and archived) in their order. */
export function getOnboardingDocuments() {
  return apiGet(OfferApi.onboardingDocuments, ZOnboardingDocumentList);
}

export const getOnboardingDocumentsQueryOptions = () => queryOptions({ queryKey: ['offers', 'onboarding-documents'] as const, queryFn: getOnboardingDocuments });

export function useOnboardingDocuments() {
  return useQuery(getOnboardingDocumentsQueryOptions());
}
