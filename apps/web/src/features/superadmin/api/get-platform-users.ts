import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SuperadminApi, ZSuperadminUserListResponse } from '@hireflow/contracts/superadmin';
import { apiGet } from '@/lib/api-client';

export type PlatformUserParams = { q: string; status: 'active' | 'inactive' | null; page: number };

export function getPlatformUsers({ q, status, page }: PlatformUserParams) {
  const params: Record<string, string | number> = { page };
  const search = q.trim();
  if (search) params.q = search;
  if (status) params.status = status;
  return apiGet(SuperadminApi.users, ZSuperadminUserListResponse, { params });
}

export function getPlatformUsersQueryOptions(params: PlatformUserParams) {
  return queryOptions({ queryKey: ['platform-users', params], queryFn: () => getPlatformUsers(params), placeholderData: keepPreviousData });
}

export function usePlatformUsers(params: PlatformUserParams) {
  return useQuery(getPlatformUsersQueryOptions(params));
}
