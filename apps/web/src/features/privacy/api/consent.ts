import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PrivacyApi, ZConsentRenewalQueued, ZConsentRenewalSummary, ZPrivacySettings, type TConsentRenewalQueued, type TPrivacySettings } from '@hireflow/contracts/privacy';
import { apiGet, apiPost, apiPut } from '@/lib/api-client';

// ---------- The company's privacy settings ----------

export const getPrivacySettings = () => apiGet(PrivacyApi.settings, ZPrivacySettings);
export const getPrivacySettingsQueryOptions = () => queryOptions({ queryKey: ['privacy', 'settings'], queryFn: getPrivacySettings });
export const usePrivacySettings = () => useQuery(getPrivacySettingsQueryOptions());

export const savePrivacySettings = (body: TPrivacySettings) => apiPut(PrivacyApi.settings, body, ZPrivacySettings);

export function useSavePrivacySettings({ onSuccess }: { onSuccess?: (settings: TPrivacySettings) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePrivacySettings,
    onSuccess: async (settings) => {
      client.setQueryData(getPrivacySettingsQueryOptions().queryKey, settings);
      // A new consent period changes who is due for renewal.
      await client.invalidateQueries({ queryKey: getConsentRenewalQueryOptions().queryKey });
      onSuccess?.(settings);
    },
  });
}

// ---------- Consent renewal ----------

export const getConsentRenewal = () => apiGet(PrivacyApi.consentRenewal, ZConsentRenewalSummary);
export const getConsentRenewalQueryOptions = () => queryOptions({ queryKey: ['privacy', 'consent-renewal'], queryFn: getConsentRenewal });
export const useConsentRenewal = () => useQuery(getConsentRenewalQueryOptions());

export const queueConsentRenewal = () => apiPost(PrivacyApi.consentRenewal, {}, ZConsentRenewalQueued);

export function useQueueConsentRenewal({ onSuccess }: { onSuccess?: (queued: TConsentRenewalQueued) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: queueConsentRenewal,
    onSuccess: async (queued) => {
      await client.invalidateQueries({ queryKey: getConsentRenewalQueryOptions().queryKey });
      onSuccess?.(queued);
    },
  });
}
