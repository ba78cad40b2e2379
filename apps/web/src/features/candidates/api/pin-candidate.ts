import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CandidatesApi, ZPinState } from '@hireflow/contracts/candidates';
import { buildPath } from '@hireflow/contracts/routes';
import { apiDelete, apiPut } from '@/lib/api-client';

export function setCandidatePinned(id: string, pinned: boolean) {
  const url = buildPath(CandidatesApi.pin, { id });
  return pinned ? apiPut(url, {}, ZPinState) : apiDelete(url, ZPinState);
}

/** Pins or unpins a candidate for me; every candidate list (all under ['candidates']) refreshes. */
export function usePinCandidate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => setCandidatePinned(id, pinned),
    onSuccess: () => client.invalidateQueries({ queryKey: ['candidates'] }),
  });
}
