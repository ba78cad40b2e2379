import { queryOptions, useQuery } from '@tanstack/react-query';
import { SuperadminApi, ZCompanyDetailResponse } from '@hireflow/contracts/superadmin';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getCompany(id: string) {
  return apiGet(buildPath(SuperadminApi.company, { id }), ZCompanyDetailResponse);
}

export function getCompanyQueryOptions(id: string) {
  return queryOptions({ queryKey: ['companies', 'detail', id], queryFn: () => getCompany(id) });
}

export function useCompany(id: string) {
  return useQuery(getCompanyQueryOptions(id));
}
