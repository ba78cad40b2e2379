import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZRequisition, type TReassignApprovalRequest } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function reassignVacancyApproval(id: string, body: TReassignApprovalRequest) {
  return apiPost(buildPath(JobsApi.reassignVacancyApproval, { id }), body, ZRequisition);
}

export function useReassignVacancyApproval(id: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TReassignApprovalRequest) => reassignVacancyApproval(id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['vacancy-approvals'] });
      onSuccess?.();
    },
  });
}
