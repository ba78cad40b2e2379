import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApprovalApi, ZApprovalChain, type TApprovalKind } from '@hireflow/contracts/approvals';
import { apiGet } from '@/lib/api-client';

const ZChains = z.object({ items: z.array(ZApprovalChain) });

export function getApprovalChains(kind: TApprovalKind) {
  return apiGet(ApprovalApi.chains, ZChains, { params: { kind } });
}

export function getApprovalChainsQueryOptions(kind: TApprovalKind) {
  return queryOptions({ queryKey: ['approval-chains', kind], queryFn: () => getApprovalChains(kind) });
}

export function useApprovalChains(kind: TApprovalKind) {
  return useQuery(getApprovalChainsQueryOptions(kind));
}
