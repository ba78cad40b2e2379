import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZInterview } from '@hireflow/contracts/interviews';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import { SchedulingPaths, type TCancelInterviewRequest } from './scheduling-contract';

export function cancelInterview(id: string, input: TCancelInterviewRequest) {
  return apiPost(buildPath(SchedulingPaths.cancel, { id }), input, ZInterview);
}

export function useCancelInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TCancelInterviewRequest }) => cancelInterview(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['interviews'] }),
  });
}
