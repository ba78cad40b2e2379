import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CandidateProfileApi, ZCandidateNote, type TAddNoteRequest, type TCandidateNote } from '@hireflow/contracts/candidates-profile';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function addCandidateNote(id: string, input: TAddNoteRequest) {
  return apiPost(buildPath(CandidateProfileApi.notes, { id }), input, ZCandidateNote);
}

export function useAddCandidateNote(id: string, { onSuccess }: { onSuccess?: (note: TCandidateNote) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TAddNoteRequest) => addCandidateNote(id, input),
    onSuccess: async (note) => {
      await client.invalidateQueries({ queryKey: ['candidates'] });
      onSuccess?.(note);
    },
  });
}
