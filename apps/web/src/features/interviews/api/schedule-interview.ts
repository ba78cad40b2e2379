import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InterviewApi, ZInterviewConflict, type TInterviewConflict, type TScheduleInterviewRequest } from '@hireflow/contracts/interviews';
import { ZScheduleInterviewResponse, type TRescheduleInterviewRequest } from '@hireflow/contracts/interviews-scheduling';
import { buildPath } from '@hireflow/contracts/routes';
import { z } from 'zod';
import { apiPatch, apiPost, toApiError } from '@/lib/api-client';

export function scheduleInterview(input: TScheduleInterviewRequest) {
  return apiPost(InterviewApi.interviews, input, ZScheduleInterviewResponse);
}

export function rescheduleInterview(id: string, input: TRescheduleInterviewRequest) {
  return apiPatch(buildPath(InterviewApi.interview, { id }), input, ZScheduleInterviewResponse);
}

/** Schedules (no interview id) or reschedules one; every interview list refreshes. */
export function useScheduleInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ interviewId, input }: { interviewId: string | null; input: TScheduleInterviewRequest }) => {
      if (!interviewId) return scheduleInterview(input);
      const { applicationId: _omit, ...rest } = input;
      return rescheduleInterview(interviewId, rest);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['interviews'] }),
  });
}

const ZConflictDetails = z.object({ conflicts: z.array(ZInterviewConflict).min(1) });

/** The interviewers already booked then, when the API refused for that reason (409 with details.conflicts); else null. */
export function conflictsOf(error: unknown): TInterviewConflict[] | null {
  const apiError = toApiError(error);
  if (apiError.status !== 409) return null;
  const parsed = ZConflictDetails.safeParse(apiError.details);
  return parsed.success ? parsed.data.conflicts : null;
}
