import { queryOptions, useQuery } from '@tanstack/react-query';
import { OfferApi, ZOfferList } from '@hireflow/contracts/offers';
import { apiGet } from '@/lib/api-client';

export function getOffersAwaitingAnswer() {
  return apiGet(OfferApi.offersAwaitingAnswer, ZOfferList);
}

export function getOffersAwaitingAnswerQueryOptions() {
  return queryOptions({ queryKey: ['offers', 'awaiting-answer'], queryFn: getOffersAwaitingAnswer });
}

/** Offers sent on the jobs I run that the candidate has not answered yet (the dashboard). */
export function useOffersAwaitingAnswer() {
  return useQuery(getOffersAwaitingAnswerQueryOptions());
}
