import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CandidateProfileApi, ZAddToJobResponse } from '@hireflow/contracts/candidates-profile';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function addCandidateToJob(id: string, jobId: string) {
  return apiPost(buildPath(CandidateProfileApi.applications, { id }), { jobId }, ZAddToJobResponse);
}

/** Adds the candidate to a job; the profile and the job's lists refresh. */
export function useAddCandidateToJob(id: string, { onSuccess }: { onSuccess?: (result: { applicationId: string }) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => addCandidateToJob(id, jobId),
    onSuccess: async (result) => {
      await Promise.all([client.invalidateQueries({ queryKey: ['candidates'] }), client.invalidateQueries({ queryKey: ['jobs'] })]);
      onSuccess?.(result);
    },
  });
}
