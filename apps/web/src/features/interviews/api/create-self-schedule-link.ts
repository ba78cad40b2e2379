import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { SchedulingPaths, ZSelfScheduleLinkResponse, type TSelfScheduleLinkRequest } from './scheduling-contract';

/** Mails the candidate a link to pick a time themselves among the free slots of the window. */
export function createSelfScheduleLink(input: TSelfScheduleLinkRequest) {
  return apiPost(SchedulingPaths.selfScheduleLinks, input, ZSelfScheduleLinkResponse);
}

export function useCreateSelfScheduleLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createSelfScheduleLink, onSuccess: () => client.invalidateQueries({ queryKey: ['interviews'] }) });
}
