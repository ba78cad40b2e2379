import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReferralApi, ZMyReferralList } from '@hireflow/contracts/referrals';
import { apiGet } from '@/lib/api-client';

export function getMyReferrals(page: number) {
  return apiGet(ReferralApi.myReferrals, ZMyReferralList, { params: { page } });
}

export function getMyReferralsQueryOptions(page: number) {
  return queryOptions({ queryKey: ['referrals', 'mine', page], queryFn: () => getMyReferrals(page), placeholderData: keepPreviousData });
}

/** My own referrals, newest first, with their coarse status and reward. */
export function useMyReferrals(page: number) {
  return useQuery(getMyReferralsQueryOptions(page));
}
