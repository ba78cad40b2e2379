import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PrivacyApi, ZRetentionPreview, ZRetentionRuns, type TRetentionRules } from '@hireflow/contracts/privacy';
import { apiGet, apiPost } from '@/lib/api-client';

/** Who these rules (saved or not) would anonymise today: a count and a few names per rule. */
export const previewRetention = (rules: TRetentionRules) => apiPost(PrivacyApi.retentionPreview, rules, ZRetentionPreview);

export const getRetentionPreviewQueryOptions = (rules: TRetentionRules) =>
  // A few seconds fresh: switching a period back and forth does not ask again, a later look does.
  queryOptions({ queryKey: ['privacy', 'retention', 'preview', rules], queryFn: () => previewRetention(rules), staleTime: 10_000 });

export function useRetentionPreview(rules: TRetentionRules | null) {
  return useQuery({ ...getRetentionPreviewQueryOptions(rules ?? { rejectedMonths: null, sourcedDays: null, withdrawnMonths: null }), enabled: rules !== null, placeholderData: keepPreviousData });
}

/** The last runs of the company's retention rules, newest first. */
export const getRetentionRuns = () => apiGet(PrivacyApi.retentionRuns, ZRetentionRuns);
export const getRetentionRunsQueryOptions = () => queryOptions({ queryKey: ['privacy', 'retention', 'runs'], queryFn: getRetentionRuns });
export const useRetentionRuns = () => useQuery(getRetentionRunsQueryOptions());
