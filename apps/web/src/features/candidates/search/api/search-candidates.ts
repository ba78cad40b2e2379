import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CandidateSearchApi, ZCandidateSearchResult } from '@hireflow/contracts/candidates-search';
import { apiGet } from '@/lib/api-client';
import { toApiQuery, type SearchState } from '../search-params';

export function searchCandidates(state: SearchState) {
  const query = toApiQuery(state);
  return apiGet(query ? `${CandidateSearchApi.search}?${query}` : CandidateSearchApi.search, ZCandidateSearchResult);
}

export function searchCandidatesQueryOptions(state: SearchState) {
  return queryOptions({ queryKey: ['candidates', 'search', toApiQuery(state)], queryFn: () => searchCandidates(state), placeholderData: keepPreviousData });
}

export function useSearchCandidates(state: SearchState) {
  return useQuery(searchCandidatesQueryOptions(state));
}
