import { queryOptions, useQuery } from '@tanstack/react-query';
import { UsersApi, ZSearchUsersResponse } from '@hireflow/contracts/users';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';
import { toSearchText } from '@/lib/search-text';

/** Typeahead for user pickers (hiring team, approvers, interviewers, role holders). */
export function searchUsers(text: string) {
  // buildPath url-encodes the already trimmed and encoded text once more for the path segment.
  return apiGet(buildPath(UsersApi.searchUsers, { text: toSearchText(text) }), ZSearchUsersResponse);
}

export function getSearchUsersQueryOptions(text: string) {
  return queryOptions({ queryKey: ['users', 'search', text.trim()], queryFn: () => searchUsers(text), staleTime: 30_000 });
}

export function useSearchUsers(text: string) {
  return useQuery({ ...getSearchUsersQueryOptions(text), enabled: text.trim().length > 0 });
}
