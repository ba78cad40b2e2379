import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApprovalApi, type TApprovalKind, type TWithdrawApprovalRequest } from '@hireflow/contracts/approvals';
import { buildPath } from '@hireflow/contracts/routes';
import { api } from '@/lib/api-client';
import { refreshAfterApprovalChange, type ApprovalMutationOptions } from './invalidate-approval';

/** The requester takes a pending request back. Answers 204. */
export async function withdrawApproval(kind: TApprovalKind, subjectId: string, body: TWithdrawApprovalRequest) {
  await api.post(buildPath(ApprovalApi.withdraw, { kind, subjectId }), body);
}

export function useWithdrawApproval(kind: TApprovalKind, subjectId: string, options: ApprovalMutationOptions = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TWithdrawApprovalRequest) => withdrawApproval(kind, subjectId, body),
    onSuccess: () => refreshAfterApprovalChange(client, options),
  });
}
