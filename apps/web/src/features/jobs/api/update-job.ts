import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZJobDetail, type TUpdateJobRequest } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { api } from '@/lib/api-client';

export async function updateJob(id: string, body: TUpdateJobRequest) {
  return ZJobDetail.parse((await api.patch<unknown>(buildPath(JobsApi.job, { id }), body)).data);
}

export function useUpdateJob(id: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateJobRequest) => updateJob(id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['jobs'] });
      onSuccess?.();
    },
  });
}
