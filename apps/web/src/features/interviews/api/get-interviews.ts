import { queryOptions, useQuery } from '@tanstack/react-query';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZInterviewListResponse } from '@hireflow/contracts/interviews-scheduling';
import { apiGet } from '@/lib/api-client';

export type InterviewsFilter = { applicationId: string } | { candidateId: string };

export function getInterviews(filter: InterviewsFilter) {
  return apiGet(InterviewApi.interviews, ZInterviewListResponse, { params: filter });
}

export function getInterviewsQueryOptions(filter: InterviewsFilter) {
  return queryOptions({ queryKey: ['interviews', 'list', filter], queryFn: () => getInterviews(filter) });
}

/** The interviews of one application (or candidate), soonest first as the API answers them. */
export function useInterviews(filter: InterviewsFilter) {
  return useQuery(getInterviewsQueryOptions(filter));
}
