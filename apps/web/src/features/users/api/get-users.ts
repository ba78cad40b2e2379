import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { UserList } from '@hireflow/contracts/constants';
import { UsersApi, ZUserListResponse, type TUserListFiltersInput } from '@hireflow/contracts/users';
import { apiPost } from '@/lib/api-client';
import { toSearchText } from '@/lib/search-text';

/** One page: up to 51 rows (the 51st only says there is more), and the total. */
export function getUsers({ filters, skip }: { filters: TUserListFiltersInput; skip: number }) {
  return apiPost(UsersApi.list, { filters: { ...filters, search: toSearchText(filters.search) }, skip }, ZUserListResponse);
}

/** The user list is cached indefinitely (SPEC section 9); changes invalidate ['users']. */
export function getUsersQueryOptions(filters: TUserListFiltersInput) {
  return infiniteQueryOptions({
    queryKey: ['users', 'list', filters],
    queryFn: ({ pageParam }) => getUsers({ filters, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.ul.length > UserList.pageSize ? pages.length * UserList.pageSize : undefined),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** SPEC section 3's list state: users, userCount and loadMore, the extra row of each page dropped. */
export function useUsers(filters: TUserListFiltersInput, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...getUsersQueryOptions(filters), enabled });
  const users = query.data?.pages.flatMap((page) => page.ul.slice(0, UserList.pageSize)) ?? [];
  const userCount = query.data?.pages[0]?.cnt ?? 0;
  return { ...query, users, userCount, loadMore: query.hasNextPage ? () => query.fetchNextPage() : null };
}
