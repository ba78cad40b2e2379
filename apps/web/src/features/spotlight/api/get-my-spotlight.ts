import { queryOptions, useQuery } from '@tanstack/react-query';
import { SpotlightApi, ZMySpotlightResponse } from '@hireflow/contracts/spotlight';
import { apiGet } from '@/lib/api-client';

export function getMySpotlight() {
  return apiGet(SpotlightApi.mine, ZMySpotlightResponse);
}

export function getMySpotlightQueryOptions() {
  return queryOptions({ queryKey: ['spotlight', 'mine'], queryFn: getMySpotlight });
}

/** The announcements on my dashboard now (my company, my roles, within their dates, not hidden by me). */
export function useMySpotlight() {
  return useQuery(getMySpotlightQueryOptions());
}
