import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SpeedScreeningApi, ZSpeedScreeningPage, ZSpeedScreeningSummary, type TSpeedScreeningQuery } from '@hireflow/contracts/pipeline';
import { ZResumePreview } from '@hireflow/contracts/candidates-resumes';
import { api, apiGet } from '@/lib/api-client';

type QueueParams = { jobId: string | null; list: NonNullable<TSpeedScreeningQuery['list']> };

export const speedScreeningKey = ['pipeline', 'speed-screening'] as const;

export function getScreeningQueue({ jobId, list }: QueueParams, cursor: string | null) {
  return apiGet(SpeedScreeningApi.queue, ZSpeedScreeningPage, { params: { ...(jobId ? { jobId } : {}), list, ...(cursor ? { cursor } : {}) } });
}

/**
 * The applicants to screen, page after page. A screening session keeps what it loaded (decisions do not
 * reshuffle it): it is read again only when the screener starts over or picks another job.
 */
export function getScreeningQueueQueryOptions(params: QueueParams) {
  return infiniteQueryOptions({
    queryKey: [...speedScreeningKey, 'queue', params],
    queryFn: ({ pageParam }) => getScreeningQueue(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: Infinity,
  });
}

export function useScreeningQueue(params: QueueParams) {
  return useInfiniteQuery(getScreeningQueueQueryOptions(params));
}

/** How an application's résumé shows inline (PDF, DOCX as HTML, or none). */
export function getApplicationResumeQueryOptions(applicationId: string) {
  return queryOptions({
    queryKey: [...speedScreeningKey, 'resume', applicationId],
    queryFn: () => apiGet(SpeedScreeningApi.resume(applicationId), ZResumePreview),
    staleTime: 5 * 60_000,
  });
}

/** A stored PDF as a blob the browser's viewer opens (the download needs the bearer token). */
export function getPdfBlobQueryOptions(fileId: string) {
  return queryOptions({
    queryKey: ['files', fileId, 'pdf'],
    queryFn: async () => {
      const res = await api.get<Blob>(`/api/files/${fileId}`, { responseType: 'blob' });
      return new Blob([res.data], { type: 'application/pdf' });
    },
    staleTime: Infinity,
    gcTime: 2 * 60_000,
  });
}

/** "New applicants to review" per job of mine (the dashboard card). */
export function useScreeningSummary() {
  return useQuery({ queryKey: [...speedScreeningKey, 'summary'], queryFn: () => apiGet(SpeedScreeningApi.summary, ZSpeedScreeningSummary) });
}

/** The jobs I screen (the job picker): the queue of all my jobs, without its applicants. */
export function useScreeningJobs() {
  return useQuery({
    queryKey: [...speedScreeningKey, 'jobs'],
    queryFn: async () => (await apiGet(SpeedScreeningApi.queue, ZSpeedScreeningPage, { params: { limit: 1 } })).jobs,
    staleTime: 60_000,
  });
}
