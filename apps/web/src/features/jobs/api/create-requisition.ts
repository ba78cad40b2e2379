import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZRequisition, type TCreateRequisitionRequest } from '@hireflow/contracts/jobs';
import { apiPost } from '@/lib/api-client';

export function createRequisition(body: TCreateRequisitionRequest) {
  return apiPost(JobsApi.requisitions, body, ZRequisition);
}

export function useCreateRequisition({ onSuccess }: { onSuccess?: (created: Awaited<ReturnType<typeof createRequisition>>) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRequisition,
    onSuccess: async (created) => {
      await client.invalidateQueries({ queryKey: ['vacancy-approvals'] });
      await client.invalidateQueries({ queryKey: ['approvals'] });
      await client.invalidateQueries({ queryKey: ['jobs'] });
      onSuccess?.(created);
    },
  });
}
