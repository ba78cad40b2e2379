import { queryOptions, useQuery } from '@tanstack/react-query';
import { AgencyApi, ZAgencyOptions } from '@hireflow/contracts/agencies';
import { apiGet } from '@/lib/api-client';
import { agenciesKey } from './get-agencies';

/** GET /api/agencies/options: the open jobs an agency can be given, and the business units (approval chains). */
export function getAgencyOptions() {
  return apiGet(AgencyApi.agencyOptions, ZAgencyOptions);
}

export function getAgencyOptionsQueryOptions() {
  return queryOptions({ queryKey: [...agenciesKey, 'options'], queryFn: getAgencyOptions });
}

export function useAgencyOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAgencyOptionsQueryOptions(), enabled });
}
