import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi } from '@hireflow/contracts/offers';
import { ZOnboardingDocument, type TCreateOnboardingDocumentRequest, type TOnboardingDocument } from '@hireflow/contracts/offers-onboarding';
import { apiPost } from '@/lib/api-client';
import { getOnboardingDocumentsQueryOptions } from './get-onboarding-documents';

export function createOnboardingDocument(input: TCreateOnboardingDocumentRequest) {
  return apiPost(OfferApi.onboardingDocuments, input, ZOnboardingDocument);
}

export function useCreateOnboardingDocument({ onSuccess }: { onSuccess?: (created: TOnboardingDocument) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOnboardingDocument,
    onSuccess: async (created) => {
      await client.invalidateQueries({ queryKey: getOnboardingDocumentsQueryOptions().queryKey });
      onSuccess?.(created);
    },
  });
}
