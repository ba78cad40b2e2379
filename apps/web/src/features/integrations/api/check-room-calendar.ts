import { queryOptions, useQuery } from '@tanstack/react-query';
import { IntegrationsApi, ZAuthorisationCheck } from '@hireflow/contracts/integrations';
import { apiGet } from '@/lib/api-client';

/** GET /api/checkMRAuthenticated/{room id}: whether a meeting room's resource calendar is connected. */
export const checkRoomCalendar = (meetingRoomId: string) =>
  apiGet(IntegrationsApi.checkMRAuthenticated.replace(':x', encodeURIComponent(meetingRoomId)), ZAuthorisationCheck);

export const checkRoomCalendarQueryOptions = (meetingRoomId: string) =>
  queryOptions({ queryKey: ['integrations', 'room-calendar', meetingRoomId], queryFn: () => checkRoomCalendar(meetingRoomId) });

export const useRoomCalendarCheck = (meetingRoomId: string) => useQuery(checkRoomCalendarQueryOptions(meetingRoomId));
