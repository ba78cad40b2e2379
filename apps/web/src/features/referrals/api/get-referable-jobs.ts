import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReferralApi, ZReferableJobList } from '@hireflow/contracts/referrals';
import { apiGet } from '@/lib/api-client';

export type ReferableJobsParams = { search?: string; page?: number };

export function getReferableJobs({ search = '', page = 1 }: ReferableJobsParams) {
  return apiGet(ReferralApi.referableJobs, ZReferableJobList, { params: { ...(search ? { search } : {}), page } });
}

export function getReferableJobsQueryOptions(params: ReferableJobsParams) {
  return queryOptions({ queryKey: ['referrals', 'jobs', params], queryFn: () => getReferableJobs(params), placeholderData: keepPreviousData });
}

/** Open jobs of my company I may refer someone to, with the reward a hire would earn. */
export function useReferableJobs(params: ReferableJobsParams) {
  return useQuery(getReferableJobsQueryOptions(params));
}
