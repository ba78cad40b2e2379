import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZRequisition } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function submitRequisition(id: string) {
  return apiPost(buildPath(JobsApi.submitRequisition, { id }), {}, ZRequisition);
}

export function useSubmitRequisition(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => submitRequisition(id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['vacancy-approvals'] });
      await client.invalidateQueries({ queryKey: ['approvals'] });
      await client.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}
