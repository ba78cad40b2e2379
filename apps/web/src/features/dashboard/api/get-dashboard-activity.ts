import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardApi, ZDashboardActivityResponse } from '@hireflow/contracts/dashboard';
import { apiGet } from '@/lib/api-client';

export function getDashboardActivity() {
  return apiGet(DashboardApi.activity, ZDashboardActivityResponse);
}

export function getDashboardActivityQueryOptions() {
  return queryOptions({ queryKey: ['dashboard', 'activity'], queryFn: getDashboardActivity });
}

/** The latest candidate activity by me or on my jobs. */
export function useDashboardActivity() {
  return useQuery(getDashboardActivityQueryOptions());
}
