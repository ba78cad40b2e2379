import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrgApi, ZOrgOptionsResponse, type TOrgKind } from '@hireflow/contracts/org';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

/** Active items of a kind for pickers (business units, departments, locations, lists...). */
export function getOrgOptions(kind: TOrgKind) {
  return apiGet(buildPath(OrgApi.options, { kind }), ZOrgOptionsResponse);
}

export function getOrgOptionsQueryOptions(kind: TOrgKind) {
  return queryOptions({ queryKey: ['org', kind, 'options'], queryFn: () => getOrgOptions(kind), staleTime: 60_000 });
}

export function useOrgOptions(kind: TOrgKind) {
  return useQuery(getOrgOptionsQueryOptions(kind));
}
