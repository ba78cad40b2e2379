import { queryOptions, useQuery } from '@tanstack/react-query';
import { CandidateProfileApi, ZCandidateNotes } from '@hireflow/contracts/candidates-profile';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getCandidateNotes(id: string) {
  return apiGet(buildPath(CandidateProfileApi.notes, { id }), ZCandidateNotes);
}

export function getCandidateNotesQueryOptions(id: string) {
  return queryOptions({ queryKey: ['candidates', 'notes', id], queryFn: () => getCandidateNotes(id) });
}

export function useCandidateNotes(id: string) {
  return useQuery(getCandidateNotesQueryOptions(id));
}
