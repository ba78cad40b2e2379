import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobsApi, ZJobActivityList } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getJobActivity(id: string) {
  return apiGet(buildPath(JobsApi.jobActivity, { id }), ZJobActivityList);
}

export function getJobActivityQueryOptions(id: string) {
  return queryOptions({ queryKey: ['jobs', 'detail', id, 'activity'], queryFn: () => getJobActivity(id) });
}

export function useJobActivity(id: string) {
  return useQuery(getJobActivityQueryOptions(id));
}
