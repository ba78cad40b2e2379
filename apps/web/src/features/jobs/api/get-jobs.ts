import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { JobsApi, ZJobList, type TJobListQuery } from '@hireflow/contracts/jobs';
import { apiGet } from '@/lib/api-client';

export type JobListParams = Partial<TJobListQuery> & Pick<TJobListQuery, 'scope'>;

export function getJobs(params: JobListParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== null));
  return apiGet(JobsApi.jobs, ZJobList, { params: query });
}

export function getJobsQueryOptions(params: JobListParams) {
  return queryOptions({ queryKey: ['jobs', 'list', params], queryFn: () => getJobs(params), placeholderData: keepPreviousData });
}

export function useJobs(params: JobListParams) {
  return useQuery(getJobsQueryOptions(params));
}
