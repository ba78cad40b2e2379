import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportsApi, ZPlatformReportsOverview, ZReportsOverview } from '@hireflow/contracts/reports';
import { apiGet } from '@/lib/api-client';

export function getReportsOverviewQueryOptions() {
  return queryOptions({ queryKey: ['reports', 'overview'], queryFn: () => apiGet(ReportsApi.overview, ZReportsOverview) });
}

/** GET /api/reports: the headline figures of the caller's company with their trend. */
export function useReportsOverview() {
  return useQuery(getReportsOverviewQueryOptions());
}

export function getPlatformReportsOverviewQueryOptions() {
  return queryOptions({ queryKey: ['reports', 'platform-overview'], queryFn: () => apiGet(ReportsApi.superadminOverview, ZPlatformReportsOverview) });
}

/** GET /api/superadmin/reports: platform figures and the companies to choose from. */
export function usePlatformReportsOverview() {
  return useQuery(getPlatformReportsOverviewQueryOptions());
}
