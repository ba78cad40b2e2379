import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportsApi, ZPlatformReportsOverview } from '@hireflow/contracts/reports';
import { apiGet } from '@/lib/api-client';

/** GET /api/superadmin/reports: the platform figures and the companies a super admin may choose from. */
export function getPlatformReportsOverview() {
  return apiGet(ReportsApi.superadminOverview, ZPlatformReportsOverview);
}

export function getPlatformReportsOverviewQueryOptions() {
  return queryOptions({ queryKey: ['reports', 'platform', 'overview'], queryFn: getPlatformReportsOverview, staleTime: 60_000 });
}

export function usePlatformReportsOverview() {
  return useQuery(getPlatformReportsOverviewQueryOptions());
}
