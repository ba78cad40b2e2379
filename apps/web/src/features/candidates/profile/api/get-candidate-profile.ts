import { queryOptions, useQuery } from '@tanstack/react-query';
import { CandidateProfileApi, ZCandidateProfileResponse } from '@hireflow/contracts/candidates-profile';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getCandidateProfile(id: string) {
  return apiGet(buildPath(CandidateProfileApi.profile, { id }), ZCandidateProfileResponse);
}

export function getCandidateProfileQueryOptions(id: string) {
  return queryOptions({ queryKey: ['candidates', 'profile', id], queryFn: () => getCandidateProfile(id) });
}

export function useCandidateProfile(id: string) {
  return useQuery(getCandidateProfileQueryOptions(id));
}
