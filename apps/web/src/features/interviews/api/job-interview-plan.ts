import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InterviewApi, ZInterviewPlan, type TInterviewPlanInput } from '@hireflow/contracts/interviews';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet, apiPut } from '@/lib/api-client';

// GET/PUT /api/jobs/:id/interview-plan: the job's plan, or the company default it inherits.
export const jobInterviewPlanKey = (jobId: string) => ['interviews', 'plan', 'job', jobId] as const;

export function useJobInterviewPlan(jobId: string) {
  return useQuery({ queryKey: jobInterviewPlanKey(jobId), queryFn: () => apiGet(buildPath(InterviewApi.jobPlan, { id: jobId }), ZInterviewPlan) });
}

export function useSaveJobInterviewPlan(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInterviewPlanInput) => apiPut(buildPath(InterviewApi.jobPlan, { id: jobId }), input, ZInterviewPlan),
    onSuccess: (plan) => client.setQueryData(jobInterviewPlanKey(jobId), plan),
  });
}
