import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi } from '@hireflow/contracts/offers';
import { ZOnboardingDocument, type TOnboardingDocument, type TUpdateOnboardingDocumentRequest } from '@hireflow/contracts/offers-onboarding';
import { apiPatch } from '@/lib/api-client';
import { getOnboardingDocumentsQueryOptions } from './get-onboarding-documents';

/** Change a document's fields, archive it (active false) or restore it. */
export function updateOnboardingDocument({ id, input }: { id: string; input: TUpdateOnboardingDocumentRequest }) {
  return apiPatch(OfferApi.onboardingDocument.replace(':id', id), input, ZOnboardingDocument);
}

export function useUpdateOnboardingDocument({ onSuccess }: { onSuccess?: (updated: TOnboardingDocument) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOnboardingDocument,
    onSuccess: async (updated) => {
      await client.invalidateQueries({ queryKey: getOnboardingDocumentsQueryOptions().queryKey });
      onSuccess?.(updated);
    },
  });
}
