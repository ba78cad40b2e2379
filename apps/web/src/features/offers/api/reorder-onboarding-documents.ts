import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OnboardingApi, ZOnboardingDocumentList } from '@hireflow/contracts/offers-onboarding';
import { apiPut } from '@/lib/api-client';
import { getOnboardingDocumentsQueryOptions } from './get-onboarding-documents';

/** Every document's id in the new order. */
export function reorderOnboardingDocuments(ids: string[]) {
  return apiPut(OnboardingApi.order, { ids }, ZOnboardingDocumentList);
}

export function useReorderOnboardingDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderOnboardingDocuments,
    onSuccess: (list) => client.setQueryData(getOnboardingDocumentsQueryOptions().queryKey, list),
  });
}
