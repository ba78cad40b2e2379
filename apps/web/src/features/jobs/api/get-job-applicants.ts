import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { JobsApi } from '@hireflow/contracts/jobs';
import { ZJobApplicantList } from '@hireflow/contracts/candidates';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getJobApplicants(id: string, page: number) {
  return apiGet(buildPath(JobsApi.jobApplications, { id }), ZJobApplicantList, { params: { page } });
}

export function getJobApplicantsQueryOptions(id: string, page: number) {
  return queryOptions({ queryKey: ['jobs', 'detail', id, 'applicants', page], queryFn: () => getJobApplicants(id, page), placeholderData: keepPreviousData });
}

export function useJobApplicants(id: string, page: number) {
  return useQuery(getJobApplicantsQueryOptions(id, page));
}
