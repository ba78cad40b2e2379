import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CandidateProfileApi, ZCandidateProfile, type TCandidateProfile, type TUpdateCandidateRequest } from '@hireflow/contracts/candidates-profile';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPatch } from '@/lib/api-client';

export function updateCandidate(id: string, input: TUpdateCandidateRequest) {
  return apiPatch(buildPath(CandidateProfileApi.profile, { id }), input, ZCandidateProfile);
}

/** Saves a candidate's fields; the profile, its timeline and every candidate list refresh. */
export function useUpdateCandidate(id: string, { onSuccess }: { onSuccess?: (profile: TCandidateProfile) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateCandidateRequest) => updateCandidate(id, input),
    onSuccess: async (profile) => {
      client.setQueryData(['candidates', 'profile', id], profile);
      await client.invalidateQueries({ queryKey: ['candidates'] });
      onSuccess?.(profile);
    },
  });
}
