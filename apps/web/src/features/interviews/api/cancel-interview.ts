import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZScheduleInterviewResponse, type TCancelInterviewRequest } from '@hireflow/contracts/interviews-scheduling';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function cancelInterview(id: string, input: TCancelInterviewRequest) {
  return apiPost(buildPath(InterviewApi.interviewCancel, { id }), input, ZScheduleInterviewResponse);
}

export function useCancelInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TCancelInterviewRequest }) => cancelInterview(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['interviews'] }),
  });
}
