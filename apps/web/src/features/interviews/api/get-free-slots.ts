import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { InterviewApi, ZFreeSlotResponse, type TFreeSlotRequest } from '@hireflow/contracts/interviews';
import { apiPost } from '@/lib/api-client';

export function getFreeSlots(request: TFreeSlotRequest) {
  return apiPost(InterviewApi.freeSlots, request, ZFreeSlotResponse);
}

export function getFreeSlotsQueryOptions(request: TFreeSlotRequest) {
  return queryOptions({ queryKey: ['interviews', 'free-slots', request], queryFn: () => getFreeSlots(request), staleTime: 30_000 });
}

/** The slots in which every chosen interviewer is free (POST /api/user/calendar/getfreeslotforhire); null: not enough chosen yet. */
export function useFreeSlots(request: TFreeSlotRequest | null) {
  return useQuery({
    ...getFreeSlotsQueryOptions(request ?? ({} as TFreeSlotRequest)),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
