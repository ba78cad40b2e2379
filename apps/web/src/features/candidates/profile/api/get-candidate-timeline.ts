import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CandidateProfileApi, ZTimelinePage } from '@hireflow/contracts/candidates-profile';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getCandidateTimeline(id: string, before: string | null) {
  return apiGet(buildPath(CandidateProfileApi.timeline, { id }), ZTimelinePage, { params: before ? { before } : {} });
}

export function getCandidateTimelineQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: ['candidates', 'timeline', id],
    queryFn: ({ pageParam }) => getCandidateTimeline(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** Newest first; `fetchNextPage` loads older entries. */
export function useCandidateTimeline(id: string) {
  return useInfiniteQuery(getCandidateTimelineQueryOptions(id));
}
