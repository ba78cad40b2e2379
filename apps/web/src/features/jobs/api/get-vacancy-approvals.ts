import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { JobsApi, ZVacancyApprovalList, type VacancyApprovalViews } from '@hireflow/contracts/jobs';
import { apiGet } from '@/lib/api-client';

export type VacancyApprovalView = (typeof VacancyApprovalViews)[number];

export function getVacancyApprovals(view: VacancyApprovalView, page: number) {
  return apiGet(JobsApi.vacancyApprovals, ZVacancyApprovalList, { params: { view, page } });
}

export function getVacancyApprovalsQueryOptions(view: VacancyApprovalView, page: number) {
  return queryOptions({ queryKey: ['vacancy-approvals', 'list', view, page], queryFn: () => getVacancyApprovals(view, page), placeholderData: keepPreviousData });
}

export function useVacancyApprovals(view: VacancyApprovalView, page: number) {
  return useQuery(getVacancyApprovalsQueryOptions(view, page));
}
