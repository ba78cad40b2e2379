import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InterviewApi, ZInterviewPlan, type TInterviewPlanInput } from '@hireflow/contracts/interviews';
import { apiGet, apiPut } from '@/lib/api-client';

// GET/PUT /api/interview-plan/default: the company default plan new jobs start from.
export const defaultInterviewPlanKey = ['interviews', 'plan', 'default'] as const;

export function useDefaultInterviewPlan() {
  return useQuery({ queryKey: defaultInterviewPlanKey, queryFn: () => apiGet(InterviewApi.defaultPlan, ZInterviewPlan) });
}

/** Saving the default also refreshes the jobs that inherit it. */
export function useSaveDefaultInterviewPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInterviewPlanInput) => apiPut(InterviewApi.defaultPlan, input, ZInterviewPlan),
    onSuccess: (plan) => {
      client.setQueryData(defaultInterviewPlanKey, plan);
      return client.invalidateQueries({ queryKey: ['interviews', 'plan', 'job'] });
    },
  });
}
