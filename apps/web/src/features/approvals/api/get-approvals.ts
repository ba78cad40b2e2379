import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { ApprovalApi, ZApprovalList, type TApprovalKind, type TApprovalView } from '@hireflow/contracts/approvals';
import { apiGet } from '@/lib/api-client';

/** Every approvals list (the list pages, the dashboard card) lives under this key; a decision refreshes them all. */
export const approvalsKey: QueryKey = ['approvals'];

/** kind undefined: every kind (the dashboard card). */
export function getApprovals(kind: TApprovalKind | undefined, view: TApprovalView, page: number) {
  return apiGet(ApprovalApi.approvals, ZApprovalList, { params: { ...(kind ? { kind } : {}), view, page } });
}

export function getApprovalsQueryOptions(kind: TApprovalKind | undefined, view: TApprovalView, page: number) {
  return queryOptions({ queryKey: [...approvalsKey, 'list', kind ?? 'all', view, page], queryFn: () => getApprovals(kind, view, page), placeholderData: keepPreviousData });
}

export function useApprovals(kind: TApprovalKind | undefined, view: TApprovalView, page: number) {
  return useQuery(getApprovalsQueryOptions(kind, view, page));
}
