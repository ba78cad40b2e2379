import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZJobDetail, type TCreateJobRequest, type TJobDetail } from '@hireflow/contracts/jobs';
import { apiPost } from '@/lib/api-client';

/** A recruiter or admin opens a job without a requisition; it starts as a draft. */
export function createJob(body: TCreateJobRequest) {
  return apiPost(JobsApi.jobs, body, ZJobDetail);
}

export function useCreateJob({ onSuccess }: { onSuccess?: (created: TJobDetail) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: async (created) => {
      await client.invalidateQueries({ queryKey: ['jobs'] });
      onSuccess?.(created);
    },
  });
}
