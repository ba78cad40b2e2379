import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi } from '@hireflow/contracts/offers';
import { api } from '@/lib/api-client';
import { getOnboardingDocumentsQueryOptions } from './get-onboarding-documents';

/** Only a document no new hire uploaded can be deleted (the others are archived). */
export async function deleteOnboardingDocument(id: string) {
  await api.delete(OfferApi.onboardingDocument.replace(':id', id));
}

export function useDeleteOnboardingDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteOnboardingDocument,
    onSuccess: () => client.invalidateQueries({ queryKey: getOnboardingDocumentsQueryOptions().queryKey }),
  });
}
