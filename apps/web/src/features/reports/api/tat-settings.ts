import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReportsApi, ZTatSettingsResponse, type TTatSettings } from '@hireflow/contracts/reports';
import { apiGet, apiPut } from '@/lib/api-client';

export function getTatSettingsQueryOptions() {
  return queryOptions({ queryKey: ['tat-settings'], queryFn: () => apiGet(ReportsApi.tatSettings, ZTatSettingsResponse) });
}

export function useTatSettings() {
  return useQuery(getTatSettingsQueryOptions());
}

/** Saves the targets; reports that compare with them (bottleneck, vacancy ageing) are refetched. */
export function useSaveTatSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TTatSettings) => apiPut(ReportsApi.tatSettings, input, ZTatSettingsResponse),
    onSuccess: (saved) => {
      client.setQueryData(getTatSettingsQueryOptions().queryKey, saved);
      return client.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}
