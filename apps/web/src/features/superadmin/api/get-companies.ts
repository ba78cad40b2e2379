import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SuperadminApi, ZCompanyListResponse, type TCompanyState } from '@hireflow/contracts/superadmin';
import { apiGet } from '@/lib/api-client';

export type CompanyListParams = { q: string; state: TCompanyState | null; page: number };

export function getCompanies({ q, state, page }: CompanyListParams) {
  const params: Record<string, string | number> = { page };
  // axios encodes query parameters itself: trim only.
  const search = q.trim();
  if (search) params.q = search;
  if (state) params.state = state;
  return apiGet(SuperadminApi.companies, ZCompanyListResponse, { params });
}

export function getCompaniesQueryOptions(params: CompanyListParams) {
  return queryOptions({ queryKey: ['companies', 'list', params], queryFn: () => getCompanies(params), placeholderData: keepPreviousData });
}

export function useCompanies(params: CompanyListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCompaniesQueryOptions(params), enabled });
}
