import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SuperadminApi, ZPlatformAuditResponse, type TPlatformAuditAction } from '@hireflow/contracts/superadmin';
import { apiGet } from '@/lib/api-client';

export type PlatformAuditParams = { action: TPlatformAuditAction | null; companyId: string | null; page: number };

export function getPlatformAudit({ action, companyId, page }: PlatformAuditParams) {
  const params: Record<string, string | number> = { page };
  if (action) params.action = action;
  if (companyId) params.companyId = companyId;
  return apiGet(SuperadminApi.audit, ZPlatformAuditResponse, { params });
}

/** Under ['companies'] so every company action fetches the log again. */
export function getPlatformAuditQueryOptions(params: PlatformAuditParams) {
  return queryOptions({ queryKey: ['companies', 'audit', params], queryFn: () => getPlatformAudit(params), placeholderData: keepPreviousData });
}

export function usePlatformAudit(params: PlatformAuditParams) {
  return useQuery(getPlatformAuditQueryOptions(params));
}
