import { queryOptions, useQuery } from '@tanstack/react-query';
import { InterviewApi, ZMeetingRoomList } from '@hireflow/contracts/interviews';
import { apiPost } from '@/lib/api-client';

/** POST /api/meetingroom/fetch: the company's meeting rooms, or those at one office address. */
export function getMeetingRooms(addressId?: string) {
  return apiPost(InterviewApi.meetingRoomFetch, addressId ? { addressId } : {}, ZMeetingRoomList);
}

export function getMeetingRoomsQueryOptions(addressId?: string) {
  return queryOptions({ queryKey: ['meeting-rooms', addressId ?? 'all'], queryFn: () => getMeetingRooms(addressId), staleTime: 60_000 });
}

export function useMeetingRooms(addressId?: string) {
  return useQuery(getMeetingRoomsQueryOptions(addressId));
}
