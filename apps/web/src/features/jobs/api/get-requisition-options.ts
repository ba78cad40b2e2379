import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobsApi, ZRequisitionOptions } from '@hireflow/contracts/jobs';
import { apiGet } from '@/lib/api-client';

export function getRequisitionOptions() {
  return apiGet(JobsApi.requisitionOptions, ZRequisitionOptions);
}

export function getRequisitionOptionsQueryOptions() {
  return queryOptions({ queryKey: ['requisitions', 'options'], queryFn: getRequisitionOptions });
}

export function useRequisitionOptions() {
  return useQuery(getRequisitionOptionsQueryOptions());
}
