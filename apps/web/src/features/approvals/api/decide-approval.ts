import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApprovalApi, type TApprovalKind, type TDecideApprovalRequest } from '@hireflow/contracts/approvals';
import { buildPath } from '@hireflow/contracts/routes';
import { api } from '@/lib/api-client';
import { refreshAfterApprovalChange, type ApprovalMutationOptions } from './invalidate-approval';

/** The current approver approves or rejects (a comment is required to reject). Answers 204. */
export async function decideApproval(kind: TApprovalKind, subjectId: string, body: TDecideApprovalRequest) {
  await api.post(buildPath(ApprovalApi.decide, { kind, subjectId }), body);
}

export function useDecideApproval(kind: TApprovalKind, subjectId: string, options: ApprovalMutationOptions = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TDecideApprovalRequest) => decideApproval(kind, subjectId, body),
    onSuccess: () => refreshAfterApprovalChange(client, options),
  });
}
