import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZInterview } from '@hireflow/contracts/interviews';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import { SchedulingPaths, type TSetInterviewStatusRequest } from './scheduling-contract';

export function setInterviewStatus(id: string, input: TSetInterviewStatusRequest) {
  return apiPost(buildPath(SchedulingPaths.status, { id }), input, ZInterview);
}

export function useSetInterviewStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TSetInterviewStatusRequest }) => setInterviewStatus(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['interviews'] }),
  });
}
