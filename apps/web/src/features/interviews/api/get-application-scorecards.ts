import { useQuery } from '@tanstack/react-query';
import { InterviewFeedbackApi, ZApplicationScorecards } from '@hireflow/contracts/interviews-feedback';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export const applicationScorecardsKey = (applicationId: string) => ['interviews', 'application-scorecards', applicationId] as const;

/** The submitted scorecards of an application that I may read. */
export function useApplicationScorecards(applicationId: string) {
  return useQuery({
    queryKey: applicationScorecardsKey(applicationId),
    queryFn: () => apiGet(buildPath(InterviewFeedbackApi.applicationScorecards, { id: applicationId }), ZApplicationScorecards),
  });
}
