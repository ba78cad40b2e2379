import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReferralApi, ZReferableJob } from '@hireflow/contracts/referrals';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

export function getReferralJob(positionId: string) {
  return apiGet(buildPath(ReferralApi.referralJob, { positionId }), ZReferableJob);
}

export function getReferralJobQueryOptions(positionId: string) {
  return queryOptions({ queryKey: ['referrals', 'job', positionId], queryFn: () => getReferralJob(positionId), retry: false });
}

/** One open job as the refer page shows it (404 when it is not open). */
export function useReferralJob(positionId: string) {
  return useQuery(getReferralJobQueryOptions(positionId));
}
