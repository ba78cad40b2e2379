import { queryOptions, useQuery } from '@tanstack/react-query';
import { CandidateProfileApi, ZApplicationDetail } from '@hireflow/contracts/candidates-profile';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getApplication(id: string) {
  return apiGet(buildPath(CandidateProfileApi.application, { id }), ZApplicationDetail);
}

export function getApplicationQueryOptions(id: string) {
  return queryOptions({ queryKey: ['candidates', 'application', id], queryFn: () => getApplication(id) });
}

export function useApplication(id: string) {
  return useQuery(getApplicationQueryOptions(id));
}
