import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PrivacyApi, ZAuditList, ZAuditUsers, type TAuditFilters, type TAuditQuery } from '@hireflow/contracts/privacy';
import { ZStartExportResponse } from '@hireflow/contracts/exports';
import { apiGet, apiPost } from '@/lib/api-client';

/** Only the filters that are set go on the wire (the URL's empty ones mean "any"). */
const setOnly = <T extends Record<string, unknown>>(params: T) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;

/** GET PrivacyApi.audit: one page of the trail (newest first) for the filters. */
export function getAuditList(params: TAuditQuery) {
  return apiGet(PrivacyApi.audit, ZAuditList, { params: setOnly(params) });
}

export function getAuditListQueryOptions(params: TAuditQuery) {
  return queryOptions({ queryKey: ['privacy', 'audit', setOnly(params)], queryFn: () => getAuditList(params) });
}

/** The page keeps showing the last answer while the next filter's loads (no flash of the loader on paging). */
export function useAuditList(params: TAuditQuery) {
  return useQuery({ ...getAuditListQueryOptions(params), placeholderData: keepPreviousData });
}

/** GET PrivacyApi.auditUsers: the company's users, for the user filter. */
export function getAuditUsers() {
  return apiGet(PrivacyApi.auditUsers, ZAuditUsers);
}

export function useAuditUsers() {
  return useQuery(queryOptions({ queryKey: ['privacy', 'audit', 'users'], queryFn: getAuditUsers }));
}

/** POST PrivacyApi.auditExport: every entry matching the filters as an Excel file, prepared in the background. */
export function startAuditExport(filters: TAuditFilters) {
  return apiPost(PrivacyApi.auditExport, setOnly(filters), ZStartExportResponse);
}
