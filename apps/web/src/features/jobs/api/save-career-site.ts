import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CareersApi, ZCareerSiteSettings, ZPublishJobsResult, type TPublishJobsRequest, type TUpdateCareerSiteRequest } from '@hireflow/contracts/careers';
import { api } from '@/lib/api-client';
import { careerSiteJobsKey, getCareerSiteQueryOptions } from './get-career-site';

export async function saveCareerSite(body: TUpdateCareerSiteRequest) {
  return ZCareerSiteSettings.parse((await api.put<unknown>(CareersApi.settings, body)).data);
}

export function useSaveCareerSite({ onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCareerSite,
    onSuccess: (saved) => {
      client.setQueryData(getCareerSiteQueryOptions().queryKey, saved);
      onSuccess?.();
    },
  });
}

export async function publishCareerSiteJobs(body: TPublishJobsRequest) {
  return ZPublishJobsResult.parse((await api.put<unknown>(CareersApi.publishedJobs, body)).data);
}

export function usePublishCareerSiteJobs({ onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishCareerSiteJobs,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: careerSiteJobsKey }), client.invalidateQueries({ queryKey: ['jobs'] })]);
      onSuccess?.();
    },
  });
}
