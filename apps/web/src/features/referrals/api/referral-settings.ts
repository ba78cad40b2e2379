import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReferralRewardApi, ZReferralSettings, type TReferralSettingsInput } from '@hireflow/contracts/referral-rewards';
import { apiGet, apiPut } from '@/lib/api-client';

export function getReferralSettings() {
  return apiGet(ReferralRewardApi.settings, ZReferralSettings);
}

export function getReferralSettingsQueryOptions() {
  return queryOptions({ queryKey: ['referral-settings'], queryFn: getReferralSettings });
}

export function useReferralSettings() {
  return useQuery(getReferralSettingsQueryOptions());
}

export function saveReferralSettings(input: TReferralSettingsInput) {
  return apiPut(ReferralRewardApi.settings, input, ZReferralSettings);
}

/** Saves the rules; the saved settings replace the cached ones (job pages show the reward from them). */
export function useSaveReferralSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReferralSettings,
    onSuccess: (saved) => {
      client.setQueryData(getReferralSettingsQueryOptions().queryKey, saved);
      return client.invalidateQueries({ queryKey: ['referrals'] });
    },
  });
}
