import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CareersApi, ZCareerSiteJobs, ZCareerSiteSettings, type TCareerSiteJobsQuery } from '@hireflow/contracts/careers';
import { apiGet } from '@/lib/api-client';

export function getCareerSite() {
  return apiGet(CareersApi.settings, ZCareerSiteSettings);
}

export function getCareerSiteQueryOptions() {
  return queryOptions({ queryKey: ['career-site', 'settings'], queryFn: getCareerSite });
}

export function useCareerSite() {
  return useQuery(getCareerSiteQueryOptions());
}

export function getCareerSiteJobs(params: TCareerSiteJobsQuery) {
  return apiGet(CareersApi.publishedJobs, ZCareerSiteJobs, { params });
}

/** The key prefix of every page and search of the listed-jobs table (what a save invalidates). */
export const careerSiteJobsKey = ['career-site', 'jobs'] as const;

export function getCareerSiteJobsQueryOptions(params: TCareerSiteJobsQuery) {
  return queryOptions({ queryKey: [...careerSiteJobsKey, params], queryFn: () => getCareerSiteJobs(params), placeholderData: keepPreviousData });
}

export function useCareerSiteJobs({ params }: { params: TCareerSiteJobsQuery }) {
  return useQuery(getCareerSiteJobsQueryOptions(params));
}
