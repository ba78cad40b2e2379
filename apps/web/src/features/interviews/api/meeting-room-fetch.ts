import { queryOptions, useQuery } from '@tanstack/react-query';
import { InterviewApi, ZMeetingRoomList } from '@hireflow/contracts/interviews';
import type { TMeetingRoomFetchRequest } from '@hireflow/contracts/interviews-availability';
import { apiPost } from '@/lib/api-client';

/** SPEC POST /api/meetingroom/fetch: the company's rooms (active ones unless `includeInactive`), at one address when asked. */
export const fetchMeetingRooms = (body: TMeetingRoomFetchRequest) => apiPost(InterviewApi.meetingRoomFetch, body, ZMeetingRoomList);
export const getMeetingRoomsQueryOptions = (body: TMeetingRoomFetchRequest = {}) =>
  queryOptions({ queryKey: ['meeting-rooms', body], queryFn: () => fetchMeetingRooms(body) });
export const useMeetingRooms = (body: TMeetingRoomFetchRequest = {}) => useQuery(getMeetingRoomsQueryOptions(body));
