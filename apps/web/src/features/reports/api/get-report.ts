import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReportsApi, ZReportResult, type TAnyReportName } from '@hireflow/contracts/reports';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';
import type { ReportQueryParams } from '../report-query';

/** GET /api/reports/:name (or the platform's /api/superadmin/reports/:name) with the filters as query parameters. */
export function getReport(name: TAnyReportName, query: ReportQueryParams, platform: boolean) {
  return apiGet(buildPath(platform ? ReportsApi.superadminReport : ReportsApi.report, { name }), ZReportResult, { params: query });
}

export function getReportQueryOptions(name: TAnyReportName, query: ReportQueryParams, platform: boolean) {
  return queryOptions({
    queryKey: ['reports', platform ? 'platform' : 'company', name, query],
    queryFn: () => getReport(name, query, platform),
    // The last answer stays on screen (dimmed) while a changed filter loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useReport(name: TAnyReportName, query: ReportQueryParams, { platform, enabled }: { platform: boolean; enabled: boolean }) {
  return useQuery({ ...getReportQueryOptions(name, query, platform), enabled });
}
