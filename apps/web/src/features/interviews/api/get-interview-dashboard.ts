import { queryOptions, useQuery } from '@tanstack/react-query';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZInterviewDashboard } from '@hireflow/contracts/interviews-insights';
import { apiGet } from '@/lib/api-client';

export const getInterviewDashboard = () => apiGet(InterviewApi.dashboard, ZInterviewDashboard);

/** My interviews today and tomorrow and the scorecards I owe (the dashboard's interview cards). */
export function getInterviewDashboardQueryOptions() {
  return queryOptions({ queryKey: ['interviews', 'dashboard'], queryFn: getInterviewDashboard, staleTime: 60_000 });
}

export function useInterviewDashboard() {
  return useQuery(getInterviewDashboardQueryOptions());
}
