import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCandidateSummary, type TCandidateFields } from '@hireflow/contracts/candidates';
import { IntakeApi } from '@hireflow/contracts/candidates-intake';
import { apiPost } from '@/lib/api-client';

/** POST /api/candidates: a 409 carries the existing candidate's id in `details.candidateId`. */
export function addCandidate(body: TCandidateFields) {
  return apiPost(IntakeApi.create, body, ZCandidateSummary);
}

export function useAddCandidate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addCandidate, onSuccess: () => client.invalidateQueries({ queryKey: ['candidates'] }) });
}
