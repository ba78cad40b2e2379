import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZSelfScheduleLink, type TSelfScheduleLinkRequest } from '@hireflow/contracts/interviews-scheduling';

/** Mails the candidate a link to pick a time themselves among the free slots of the window. */
export function createSelfScheduleLink(input: TSelfScheduleLinkRequest) {
  return apiPost(InterviewApi.selfScheduleLinks, input, ZSelfScheduleLink);
}

export function useCreateSelfScheduleLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createSelfScheduleLink, onSuccess: () => client.invalidateQueries({ queryKey: ['interviews'] }) });
}
