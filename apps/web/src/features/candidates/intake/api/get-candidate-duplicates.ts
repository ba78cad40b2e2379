import { queryOptions, useQuery } from '@tanstack/react-query';
import { IntakeApi, ZDuplicateList } from '@hireflow/contracts/candidates-intake';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

/** GET /api/candidates/:id/duplicates: the profile's likely duplicates. */
export function getCandidateDuplicates(candidateId: string) {
  return apiGet(buildPath(IntakeApi.duplicatesOf, { id: candidateId }), ZDuplicateList);
}

export function getCandidateDuplicatesQueryOptions(candidateId: string) {
  return queryOptions({ queryKey: ['candidates', candidateId, 'duplicates'], queryFn: () => getCandidateDuplicates(candidateId) });
}

export function useCandidateDuplicates(candidateId: string) {
  return useQuery(getCandidateDuplicatesQueryOptions(candidateId));
}
