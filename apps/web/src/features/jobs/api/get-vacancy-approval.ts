import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobsApi, ZRequisition } from '@hireflow/contracts/jobs';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getVacancyApproval(id: string) {
  return apiGet(buildPath(JobsApi.vacancyApproval, { id }), ZRequisition);
}

export function getVacancyApprovalQueryOptions(id: string) {
  return queryOptions({ queryKey: ['vacancy-approvals', 'detail', id], queryFn: () => getVacancyApproval(id) });
}

export function useVacancyApproval(id: string) {
  return useQuery({ ...getVacancyApprovalQueryOptions(id), enabled: id !== '' });
}
