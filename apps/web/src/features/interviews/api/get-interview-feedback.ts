import { queryOptions, useQuery } from '@tanstack/react-query';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZInterviewFeedback } from '@hireflow/contracts/interviews-feedback';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export const interviewFeedbackKey = (id: string) => ['interviews', 'feedback', id] as const;

/** An interview with my scorecard and the panel's (as far as I may see them). */
export function getInterviewFeedbackQueryOptions(id: string) {
  return queryOptions({ queryKey: interviewFeedbackKey(id), queryFn: () => apiGet(buildPath(InterviewApi.feedback, { id }), ZInterviewFeedback) });
}

export function useInterviewFeedback(id: string) {
  return useQuery(getInterviewFeedbackQueryOptions(id));
}
