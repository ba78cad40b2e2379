import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { OrgApi, OrgValidation, ZOrgListResponse, type TOrgKind, type TOrgListQuery } from '@hireflow/contracts/org';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export type OrgListParams = Omit<TOrgListQuery, 'skip'>;

export function getOrgItems({ kind, params, skip }: { kind: TOrgKind; params: OrgListParams; skip: number }) {
  return apiGet(buildPath(OrgApi.list, { kind }), ZOrgListResponse, { params: { ...params, search: params.search?.trim() || undefined, skip } });
}

export function getOrgItemsQueryOptions(kind: TOrgKind, params: OrgListParams) {
  return infiniteQueryOptions({
    queryKey: ['org', kind, 'list', params],
    queryFn: ({ pageParam }) => getOrgItems({ kind, params, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.items.length > OrgValidation.pageSize ? pages.length * OrgValidation.pageSize : undefined),
  });
}

/** Items with the extra "more" row of each page dropped, the total, and loadMore when more exist. */
export function useOrgItems(kind: TOrgKind, params: OrgListParams) {
  const query = useInfiniteQuery(getOrgItemsQueryOptions(kind, params));
  const items = query.data?.pages.flatMap((p) => p.items.slice(0, OrgValidation.pageSize)) ?? [];
  return { ...query, items, total: query.data?.pages[0]?.total ?? 0, loadMore: query.hasNextPage ? () => query.fetchNextPage() : null };
}
