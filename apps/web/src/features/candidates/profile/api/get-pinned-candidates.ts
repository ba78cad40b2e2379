import { queryOptions, useQuery } from '@tanstack/react-query';
import { CandidatesApi, ZPinnedCandidates } from '@hireflow/contracts/candidates';
import { apiGet } from '@/lib/api-client';

export function getPinnedCandidates() {
  return apiGet(CandidatesApi.pinned, ZPinnedCandidates);
}

export function getPinnedCandidatesQueryOptions() {
  return queryOptions({ queryKey: ['candidates', 'pinned'], queryFn: getPinnedCandidates });
}

/** My pinned candidates, latest pin first. */
export function usePinnedCandidates() {
  return useQuery(getPinnedCandidatesQueryOptions());
}
