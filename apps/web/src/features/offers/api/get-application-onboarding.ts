import { queryOptions, useQuery } from '@tanstack/react-query';
import { OnboardingApi, ZOfferOnboarding } from '@hireflow/contracts/offers-onboarding';
import { apiGet } from '@/lib/api-client';

/** The onboarding documents of the application's accepted offer (offerId null when it has none). */
export function getApplicationOnboarding(applicationId: string) {
  return apiGet(OnboardingApi.applicationOnboarding.replace(':id', applicationId), ZOfferOnboarding);
}

export const getApplicationOnboardingQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: ['offers', 'application-onboarding', applicationId] as const, queryFn: () => getApplicationOnboarding(applicationId) });

export function useApplicationOnboarding(applicationId: string) {
  return useQuery(getApplicationOnboardingQueryOptions(applicationId));
}
