import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CandidateProfileApi, ZMentions } from '@hireflow/contracts/candidates-profile';
import { buildPath } from '@hireflow/contracts/routes';
import { z } from 'zod';
import { apiGet, apiPost } from '@/lib/api-client';

export function getMyMentions() {
  return apiGet(CandidateProfileApi.mentions, ZMentions);
}

export function getMyMentionsQueryOptions() {
  return queryOptions({ queryKey: ['candidates', 'mentions'], queryFn: getMyMentions });
}

/** Notes in which colleagues mentioned me and that I have not marked read. */
export function useMyMentions() {
  return useQuery(getMyMentionsQueryOptions());
}

export function markMentionRead(id: string) {
  return apiPost(buildPath(CandidateProfileApi.mentionRead, { id }), {}, z.object({ read: z.boolean() }));
}

export function useMarkMentionRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markMentionRead,
    onSuccess: () => client.invalidateQueries({ queryKey: getMyMentionsQueryOptions().queryKey }),
  });
}
