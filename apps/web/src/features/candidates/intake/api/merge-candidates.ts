import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IntakeApi, ZMergeResult } from '@hireflow/contracts/candidates-intake';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

/** POST /api/candidates/:id/merge: `otherId` is merged INTO `candidateId`. */
export function mergeCandidates(candidateId: string, otherId: string) {
  return apiPost(buildPath(IntakeApi.merge, { id: candidateId }), { otherId }, ZMergeResult);
}

/** Every candidate list and profile (all under ['candidates']) refreshes after a merge. */
export function useMergeCandidates(candidateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (otherId: string) => mergeCandidates(candidateId, otherId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['candidates'] }),
  });
}
