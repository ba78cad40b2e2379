import { queryOptions, useQuery } from '@tanstack/react-query';
import { UsersApi, ZSearchUsersResponse } from '@hireflow/contracts/users';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';
import { toSearchText } from '@/lib/search-text';

/** Typeahead for hiring teams and approvers (GET /api/searchusers/{text}). */
export function searchTeamMembers(text: string) {
  return apiGet(buildPath(UsersApi.searchUsers, { text: toSearchText(text) }), ZSearchUsersResponse);
}

export function getSearchTeamMembersQueryOptions(text: string) {
  return queryOptions({ queryKey: ['users', 'search', text.trim()], queryFn: () => searchTeamMembers(text), staleTime: 30_000 });
}

export function useSearchTeamMembers(text: string) {
  return useQuery({ ...getSearchTeamMembersQueryOptions(text), enabled: text.trim().length > 0 });
}
