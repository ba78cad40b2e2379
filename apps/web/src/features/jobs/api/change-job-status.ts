import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZJobDetail, type TChangeJobStatusRequest } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function changeJobStatus(id: string, body: TChangeJobStatusRequest) {
  return apiPost(buildPath(JobsApi.jobStatus, { id }), body, ZJobDetail);
}

export function useChangeJobStatus(id: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeJobStatusRequest) => changeJobStatus(id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['jobs'] });
      onSuccess?.();
    },
  });
}
