import { queryOptions, useQuery } from '@tanstack/react-query';
import { UsersApi, ZRolesSummaryResponse } from '@hireflow/contracts/users';
import { apiGet } from '@/lib/api-client';

export function getRolesSummary() {
  return apiGet(UsersApi.rolesSummary, ZRolesSummaryResponse);
}

export function getRolesSummaryQueryOptions() {
  return queryOptions({ queryKey: ['user-roles', 'summary'], queryFn: getRolesSummary });
}

export function useRolesSummary() {
  return useQuery(getRolesSummaryQueryOptions());
}
