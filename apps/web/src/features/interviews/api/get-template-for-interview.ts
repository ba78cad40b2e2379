import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { SchedulingPaths, ZInterviewTemplatePreview, type TInterviewTemplateRequest } from './scheduling-contract';

/** POST /api/templates/gettemplateforinterview: the invitation as the candidate would get it, merge fields filled. */
export function getTemplateForInterview(input: TInterviewTemplateRequest) {
  return apiPost(SchedulingPaths.templatePreview, input, ZInterviewTemplatePreview);
}

export function useInterviewTemplatePreview() {
  return useMutation({ mutationFn: getTemplateForInterview });
}
