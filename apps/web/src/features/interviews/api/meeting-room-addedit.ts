import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { InterviewApi, ZMeetingRoom, type TMeetingRoomInput } from '@hireflow/contracts/interviews';
import { apiPost } from '@/lib/api-client';

/** SPEC POST /api/meetingroom/addedit: adds a room (no id) or edits one (id). */
export const saveMeetingRoom = (body: TMeetingRoomInput) => apiPost(InterviewApi.meetingRoomAddEdit, body, z.object({ item: ZMeetingRoom }));

export function useSaveMeetingRoom({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMeetingRoom,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['meeting-rooms'] });
      onSuccess?.();
    },
  });
}
