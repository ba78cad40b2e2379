import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApprovalApi, type TApprovalKind, type TReassignApprovalRequest } from '@hireflow/contracts/approvals';
import { buildPath } from '@hireflow/contracts/routes';
import { api } from '@/lib/api-client';
import { refreshAfterApprovalChange, type ApprovalMutationOptions } from './invalidate-approval';

/** A company admin hands the current step to another user. Answers 204. */
export async function reassignApproval(kind: TApprovalKind, subjectId: string, body: TReassignApprovalRequest) {
  await api.post(buildPath(ApprovalApi.reassign, { kind, subjectId }), body);
}

export function useReassignApproval(kind: TApprovalKind, subjectId: string, options: ApprovalMutationOptions = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TReassignApprovalRequest) => reassignApproval(kind, subjectId, body),
    onSuccess: () => refreshAfterApprovalChange(client, options),
  });
}
