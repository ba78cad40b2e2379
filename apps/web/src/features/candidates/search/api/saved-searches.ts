import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath } from '@hireflow/contracts/routes';
import { CandidateSearchApi, ZSavedSearch, ZSavedSearchList, type TSavedSearchRequest } from '@hireflow/contracts/candidates-search';
import { z } from 'zod';
import { apiDelete, apiGet, apiPost } from '@/lib/api-client';

export const getSavedSearches = () => apiGet(CandidateSearchApi.savedSearches, ZSavedSearchList);

export function savedSearchesQueryOptions() {
  return queryOptions({ queryKey: ['candidates', 'saved-searches'], queryFn: getSavedSearches });
}

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSavedSearchRequest) => apiPost(CandidateSearchApi.savedSearches, body, ZSavedSearch),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchesQueryOptions().queryKey }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(buildPath(CandidateSearchApi.savedSearch, { id }), z.unknown()),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchesQueryOptions().queryKey }),
  });
}
