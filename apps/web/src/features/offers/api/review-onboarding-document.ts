import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi } from '@hireflow/contracts/offers';
import { ZOfferOnboarding, type TReviewOnboardingDocumentRequest } from '@hireflow/contracts/offers-onboarding';
import { apiPost } from '@/lib/api-client';
import { getApplicationOnboardingQueryOptions } from './get-application-onboarding';

/** Accept an uploaded document, or ask for it again with a note (the new hire gets a mail with a new link). */
export function reviewOnboardingDocument({ offerId, documentId, input }: { offerId: string; documentId: string; input: TReviewOnboardingDocumentRequest }) {
  return apiPost(OfferApi.reviewOnboardingDocument.replace(':id', offerId).replace(':documentId', documentId), input, ZOfferOnboarding);
}

export function useReviewOnboardingDocument(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviewOnboardingDocument,
    onSuccess: (view) => client.setQueryData(getApplicationOnboardingQueryOptions(applicationId).queryKey, view),
  });
}
