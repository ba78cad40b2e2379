import { queryOptions, useQuery } from '@tanstack/react-query';
import { SuperadminApi, ZSuperadminOverviewResponse } from '@hireflow/contracts/superadmin';
import { apiGet } from '@/lib/api-client';

export function getSuperadminOverview() {
  return apiGet(SuperadminApi.overview, ZSuperadminOverviewResponse);
}

export function getSuperadminOverviewQueryOptions() {
  return queryOptions({ queryKey: ['companies', 'overview'], queryFn: getSuperadminOverview });
}

export function useSuperadminOverview() {
  return useQuery(getSuperadminOverviewQueryOptions());
}
