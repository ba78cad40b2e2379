import { queryOptions, useQuery } from '@tanstack/react-query';
import { CareersApi, ZCareerSiteJobs, ZCareerSiteSettings } from '@hireflow/contracts/careers';
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

export function getCareerSiteJobs() {
  return apiGet(CareersApi.publishedJobs, ZCareerSiteJobs);
}

export function getCareerSiteJobsQueryOptions() {
  return queryOptions({ queryKey: ['career-site', 'jobs'], queryFn: getCareerSiteJobs });
}

export function useCareerSiteJobs() {
  return useQuery(getCareerSiteJobsQueryOptions());
}
