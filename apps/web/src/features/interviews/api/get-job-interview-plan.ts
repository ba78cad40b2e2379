import { queryOptions, useQuery } from '@tanstack/react-query';
import { InterviewApi, ZInterviewPlan } from '@hireflow/contracts/interviews';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

/** GET /api/jobs/:id/interview-plan: the job's rounds (or the company default it inherits). */
export function getJobInterviewPlan(jobId: string) {
  return apiGet(buildPath(InterviewApi.jobPlan, { id: jobId }), ZInterviewPlan);
}

export function getJobInterviewPlanQueryOptions(jobId: string) {
  return queryOptions({ queryKey: ['interview-plan', jobId], queryFn: () => getJobInterviewPlan(jobId) });
}

export function useJobInterviewPlan(jobId: string) {
  return useQuery(getJobInterviewPlanQueryOptions(jobId));
}
