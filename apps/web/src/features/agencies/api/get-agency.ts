import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { AgencyApi, ZAgency } from '@hireflow/contracts/agencies';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';
import { agenciesKey } from './get-agencies';

export const agencyKey = (id: string): QueryKey => [...agenciesKey, 'detail', id];

/** GET /api/agencies/:id: the agency with its approval chain, users and what the caller may do. */
export function getAgency(id: string) {
  return apiGet(buildPath(AgencyApi.agency, { id }), ZAgency);
}

export function getAgencyQueryOptions(id: string) {
  return queryOptions({ queryKey: agencyKey(id), queryFn: () => getAgency(id) });
}

export function useAgency(id: string) {
  return useQuery({ ...getAgencyQueryOptions(id), enabled: id !== '' });
}
