import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZInterviewTemplateResponse, type TInterviewTemplateRequest } from '@hireflow/contracts/interviews-scheduling';

/** POST /api/templates/gettemplateforinterview: the invitation as the candidate would get it, merge fields filled. */
export function getTemplateForInterview(input: TInterviewTemplateRequest) {
  return apiPost(InterviewApi.templateForInterview, input, ZInterviewTemplateResponse);
}

export function useInterviewTemplatePreview() {
  return useMutation({ mutationFn: getTemplateForInterview });
}
