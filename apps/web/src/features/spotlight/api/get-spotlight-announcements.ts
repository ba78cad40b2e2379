import { queryOptions, useQuery } from '@tanstack/react-query';
import { SpotlightApi, ZSpotlightListResponse } from '@hireflow/contracts/spotlight';
import { apiGet } from '@/lib/api-client';

export function getSpotlightAnnouncements() {
  return apiGet(SpotlightApi.list, ZSpotlightListResponse);
}

export function getSpotlightAnnouncementsQueryOptions() {
  return queryOptions({ queryKey: ['spotlight', 'all'], queryFn: getSpotlightAnnouncements });
}

/** Every announcement, latest start first, with its state (super admin). */
export function useSpotlightAnnouncements() {
  return useQuery(getSpotlightAnnouncementsQueryOptions());
}
