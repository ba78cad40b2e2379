import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReferralApi, ZReferResult, type TReferRequest } from '@hireflow/contracts/referrals';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export type ReferInput = { positionId: string; fields: TReferRequest; resume: File | null };

/** The refer form as the API reads it: text fields plus the optional file "resume". */
export function referCandidate({ positionId, fields, resume }: ReferInput) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  if (resume) form.append('resume', resume);
  return apiPost(buildPath(ReferralApi.refer, { positionId }), form, ZReferResult);
}

export function useReferCandidate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: referCandidate,
    onSuccess: () => client.invalidateQueries({ queryKey: ['referrals', 'mine'] }),
  });
}
