import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReferralRewardApi, ZRewardList, type TRewardStatus } from '@hireflow/contracts/referral-rewards';
import { apiGet } from '@/lib/api-client';

export type RewardsParams = { status?: TRewardStatus; page: number };

/** Admins get every reward of the company, others only their own (the API decides). */
export function getRewards(params: RewardsParams) {
  return apiGet(ReferralRewardApi.rewards, ZRewardList, { params: { status: params.status, page: params.page } });
}

export function getRewardsQueryOptions(params: RewardsParams) {
  return queryOptions({ queryKey: ['referral-rewards', 'list', params], queryFn: () => getRewards(params), placeholderData: keepPreviousData });
}

export function useRewards(params: RewardsParams) {
  return useQuery(getRewardsQueryOptions(params));
}
