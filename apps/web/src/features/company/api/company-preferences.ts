import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CompanyApi, ZCompanyPreferences, type TCompanyPreferences } from '@hireflow/contracts/company';
import { apiGet, apiPut } from '@/lib/api-client';
import { setDatePreferences } from '@/lib/date-format';

/** Reading the preferences also points the SPA's date helper at the company's format and week start. */
export const getCompanyPreferences = async () => {
  const preferences = await apiGet(CompanyApi.preferences, ZCompanyPreferences);
  setDatePreferences(preferences);
  return preferences;
};
export const getCompanyPreferencesQueryOptions = () => queryOptions({ queryKey: ['company', 'preferences'], queryFn: getCompanyPreferences });
export const useCompanyPreferences = () => useQuery(getCompanyPreferencesQueryOptions());

export const saveCompanyPreferences = (body: TCompanyPreferences) => apiPut(CompanyApi.preferences, body, ZCompanyPreferences);

export function useSaveCompanyPreferences({ onSuccess }: { onSuccess?: (preferences: TCompanyPreferences) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCompanyPreferences,
    onSuccess: (preferences) => {
      setDatePreferences(preferences);
      client.setQueryData(getCompanyPreferencesQueryOptions().queryKey, preferences);
      onSuccess?.(preferences);
    },
  });
}
