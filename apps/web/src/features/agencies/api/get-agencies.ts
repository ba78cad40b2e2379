import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { AgencyApi, ZAgencyList, type TAgencyStatus } from '@hireflow/contracts/agencies';
import { apiGet } from '@/lib/api-client';

/** Everything about the company's agencies lives under ['agencies']: a change refreshes lists, details and submissions. */
export const agenciesKey: QueryKey = ['agencies'];

export type AgencyListParams = { status: TAgencyStatus | null; search: string; page: number };

/** GET /api/agencies?status&search&page: one page of the company's agencies. */
export function getAgencies({ status, search, page }: AgencyListParams) {
  const text = search.trim();
  return apiGet(AgencyApi.agencies, ZAgencyList, { params: { ...(status ? { status } : {}), ...(text ? { search: text } : {}), page } });
}

export function getAgenciesQueryOptions(params: AgencyListParams) {
  return queryOptions({ queryKey: [...agenciesKey, 'list', params], queryFn: () => getAgencies(params), placeholderData: keepPreviousData });
}

export function useAgencies(params: AgencyListParams) {
  return useQuery(getAgenciesQueryOptions(params));
}
