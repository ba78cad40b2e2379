import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZFeedbackAll } from '@hireflow/contracts/interviews-feedback';
import { apiGet } from '@/lib/api-client';

/** What I still owe (overdue first) and a page of the scorecards I submitted. */
export function useFeedbackAll(page: number) {
  return useQuery({
    queryKey: ['interviews', 'feedback-all', page],
    queryFn: () => apiGet(InterviewApi.feedbackAll, ZFeedbackAll, { params: { page } }),
    placeholderData: keepPreviousData,
  });
}
