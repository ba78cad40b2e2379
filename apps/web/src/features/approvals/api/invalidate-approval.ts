import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { approvalsKey } from './get-approvals';

/** What a change to one approval calls after it succeeds: the subject's own queries (its page) are refreshed with the lists. */
export type ApprovalMutationOptions = { invalidate?: QueryKey[]; onSuccess?: () => void };

export async function refreshAfterApprovalChange(client: QueryClient, { invalidate = [], onSuccess }: ApprovalMutationOptions) {
  await Promise.all([approvalsKey, ...invalidate].map((queryKey) => client.invalidateQueries({ queryKey })));
  onSuccess?.();
}
