import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZInterviewFeedback, type TScorecardSubmit } from '@hireflow/contracts/interviews-feedback';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import { interviewFeedbackKey } from './get-interview-feedback';

/** Submits my scorecard (final); answers the interview's feedback as I now see it. */
export function submitScorecard(interviewId: string, scorecard: TScorecardSubmit) {
  return apiPost(buildPath(InterviewApi.feedbackSubmit, { id: interviewId }), scorecard, ZInterviewFeedback);
}

export function useSubmitScorecard(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scorecard: TScorecardSubmit) => submitScorecard(interviewId, scorecard),
    onSuccess: (feedback) => {
      client.setQueryData(interviewFeedbackKey(interviewId), feedback);
      void client.invalidateQueries({ queryKey: ['interviews', 'feedback-all'] });
    },
  });
}
