import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobsApi, ZJobDetail } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getJob(id: string) {
  return apiGet(buildPath(JobsApi.job, { id }), ZJobDetail);
}

export function getJobQueryOptions(id: string) {
  return queryOptions({ queryKey: ['jobs', 'detail', id], queryFn: () => getJob(id) });
}

export function useJob(id: string) {
  return useQuery(getJobQueryOptions(id));
}
