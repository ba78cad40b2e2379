import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZRequisition, type TDecideApprovalRequest } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function decideVacancyApproval(id: string, body: TDecideApprovalRequest) {
  return apiPost(buildPath(JobsApi.decideVacancyApproval, { id }), body, ZRequisition);
}

export function useDecideVacancyApproval(id: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TDecideApprovalRequest) => decideVacancyApproval(id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['vacancy-approvals'] });
      await client.invalidateQueries({ queryKey: ['jobs'] });
      onSuccess?.();
    },
  });
}
