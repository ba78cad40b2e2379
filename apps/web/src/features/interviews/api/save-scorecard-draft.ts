import { useMutation } from '@tanstack/react-query';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZScorecard, type TScorecardDraft } from '@hireflow/contracts/interviews-feedback';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPut } from '@/lib/api-client';

/** Saves my scorecard draft (the form autosaves while I write). */
export function saveScorecardDraft(interviewId: string, draft: TScorecardDraft) {
  return apiPut(buildPath(InterviewApi.feedback, { id: interviewId }), draft, ZScorecard);
}

export function useSaveScorecardDraft(interviewId: string) {
  return useMutation({ mutationFn: (draft: TScorecardDraft) => saveScorecardDraft(interviewId, draft) });
}
