import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { PipelineApi, ZBoard, ZBoardColumnPage, type TBoardColumnPage, type TBoardFilters } from '@hireflow/contracts/pipeline';
import { apiGet } from '@/lib/api-client';

/** Only the filters that are set, so `{}` and `{ tag: undefined }` share one cache entry and one URL. */
export function compactFilters(filters: TBoardFilters): TBoardFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as TBoardFilters;
}

/** GET /api/workflow: without a job the server opens the one I last opened (or my latest open job). */
export function getBoard(jobId: string | null, filters: TBoardFilters) {
  return apiGet(PipelineApi.board, ZBoard, { params: { ...compactFilters(filters), ...(jobId ? { jobId } : {}) } });
}

export function getBoardStage(jobId: string, stageId: string, filters: TBoardFilters, cursor: string | null) {
  return apiGet(PipelineApi.boardStage, ZBoardColumnPage, { params: { ...compactFilters(filters), jobId, stageId, ...(cursor ? { cursor } : {}) } });
}

/** The board's columns and counts: ['pipeline', 'board', jobId or 'default', filters]. */
export const boardKey = (jobId: string | null, filters: TBoardFilters) => ['pipeline', 'board', jobId ?? 'default', compactFilters(filters)] as const;

export function getBoardQueryOptions(jobId: string | null, filters: TBoardFilters) {
  return queryOptions({ queryKey: boardKey(jobId, filters), queryFn: () => getBoard(jobId, filters) });
}

export function useBoard(jobId: string | null, filters: TBoardFilters) {
  return useQuery(getBoardQueryOptions(jobId, filters));
}

/** One column's cards, page by page: ['pipeline', 'board', jobId, stageId, filters]. */
export const boardColumnKey = (jobId: string, stageId: string, filters: TBoardFilters) => ['pipeline', 'board', jobId, stageId, compactFilters(filters)] as const;

export type BoardColumnData = { pages: TBoardColumnPage[]; pageParams: (string | null)[] };

/**
 * A column starts from the board's first page (no second request) and loads the next pages by cursor. Live
 * events and moves patch it in place while it is open, so it is never stale on its own.
 */
export function getBoardColumnQueryOptions(jobId: string, stageId: string, filters: TBoardFilters, firstPage?: TBoardColumnPage, firstPageAt?: number) {
  return infiniteQueryOptions({
    queryKey: boardColumnKey(jobId, stageId, filters),
    queryFn: ({ pageParam }) => getBoardStage(jobId, stageId, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: firstPage ? { pages: [firstPage], pageParams: [null] } : undefined,
    initialDataUpdatedAt: firstPageAt,
    staleTime: Infinity,
    // Dropped as soon as the board closes or its filters change: it starts again from a fresh board.
    gcTime: 0,
  });
}
