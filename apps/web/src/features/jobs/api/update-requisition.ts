import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZRequisition, type TUpdateRequisitionRequest } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { api } from '@/lib/api-client';

export async function updateRequisition(id: string, body: TUpdateRequisitionRequest) {
  return ZRequisition.parse((await api.put<unknown>(buildPath(JobsApi.requisition, { id }), body)).data);
}

export function useUpdateRequisition(id: string, { onSuccess }: { onSuccess?: (saved: Awaited<ReturnType<typeof updateRequisition>>) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateRequisitionRequest) => updateRequisition(id, body),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: ['vacancy-approvals'] });
      await client.invalidateQueries({ queryKey: ['approvals'] });
      await client.invalidateQueries({ queryKey: ['jobs'] });
      onSuccess?.(saved);
    },
  });
}
