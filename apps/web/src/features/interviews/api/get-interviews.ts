import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZInterviewList } from '@hireflow/contracts/interviews';
import { apiGet } from '@/lib/api-client';
import { SchedulingPaths } from './scheduling-contract';

export type InterviewsFilter = { applicationId: string } | { candidateId: string };

export function getInterviews(filter: InterviewsFilter) {
  return apiGet(SchedulingPaths.list, ZInterviewList, { params: filter });
}

export function getInterviewsQueryOptions(filter: InterviewsFilter) {
  return queryOptions({ queryKey: ['interviews', 'list', filter], queryFn: () => getInterviews(filter) });
}

/** The interviews of one application (or candidate), soonest first as the API answers them. */
export function useInterviews(filter: InterviewsFilter) {
  return useQuery(getInterviewsQueryOptions(filter));
}
