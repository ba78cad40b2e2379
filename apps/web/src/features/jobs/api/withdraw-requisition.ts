import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZRequisition, type TWithdrawRequisitionRequest } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function withdrawRequisition(id: string, body: TWithdrawRequisitionRequest) {
  return apiPost(buildPath(JobsApi.withdrawRequisition, { id }), body, ZRequisition);
}

export function useWithdrawRequisition(id: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TWithdrawRequisitionRequest) => withdrawRequisition(id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['vacancy-approvals'] });
      await client.invalidateQueries({ queryKey: ['jobs'] });
      onSuccess?.();
    },
  });
}
