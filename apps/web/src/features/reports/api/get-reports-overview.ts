import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportsApi, ZReportsOverview } from '@hireflow/contracts/reports';
import { apiGet } from '@/lib/api-client';

export function getReportsOverviewQueryOptions() {
  return queryOptions({ queryKey: ['reports', 'overview'], queryFn: () => apiGet(ReportsApi.overview, ZReportsOverview) });
}

/** GET /api/reports: the headline figures of the caller's company with their trend. */
export function useReportsOverview() {
  return useQuery(getReportsOverviewQueryOptions());
}
