import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InterviewApi, ZInterview } from '@hireflow/contracts/interviews';
import type { TInterviewStatusRequest } from '@hireflow/contracts/interviews-scheduling';
import { z } from 'zod';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

const ZStatusAnswer = z.object({ interview: ZInterview });

export function setInterviewStatus(id: string, input: TInterviewStatusRequest) {
  return apiPost(buildPath(InterviewApi.interviewStatus, { id }), input, ZStatusAnswer);
}

export function useSetInterviewStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TInterviewStatusRequest }) => setInterviewStatus(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['interviews'] }),
  });
}
