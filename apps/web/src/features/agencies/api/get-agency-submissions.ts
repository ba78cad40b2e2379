import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AgencyApi, ZAgencySubmissionList } from '@hireflow/contracts/agencies';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';
import { agenciesKey } from './get-agencies';

/** GET /api/agencies/:id/submissions?page: the candidates the agency submitted, as the company sees them. */
export function getAgencySubmissions(id: string, page: number) {
  return apiGet(buildPath(AgencyApi.agencySubmissions, { id }), ZAgencySubmissionList, { params: { page } });
}

export function getAgencySubmissionsQueryOptions(id: string, page: number) {
  return queryOptions({ queryKey: [...agenciesKey, 'submissions', id, page], queryFn: () => getAgencySubmissions(id, page), placeholderData: keepPreviousData });
}

export function useAgencySubmissions(id: string, page: number) {
  return useQuery(getAgencySubmissionsQueryOptions(id, page));
}
