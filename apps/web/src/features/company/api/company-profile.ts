import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CompanyApi, ZCompanyProfile, type TCompanyProfile, type TCompanyProfileInput } from '@hireflow/contracts/company';
import { apiGet, apiPut } from '@/lib/api-client';

export const getCompanyProfile = () => apiGet(CompanyApi.profile, ZCompanyProfile);
export const getCompanyProfileQueryOptions = () => queryOptions({ queryKey: ['company', 'profile'], queryFn: getCompanyProfile });
export const useCompanyProfile = () => useQuery(getCompanyProfileQueryOptions());

export const saveCompanyProfile = (body: TCompanyProfileInput) => apiPut(CompanyApi.profile, body, ZCompanyProfile);

/** Saving the profile refreshes the page's copy, and the look-and-feel page's logo with it. */
export function useSaveCompanyProfile({ onSuccess }: { onSuccess?: (profile: TCompanyProfile) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCompanyProfile,
    onSuccess: async (profile) => {
      client.setQueryData(getCompanyProfileQueryOptions().queryKey, profile);
      await client.invalidateQueries({ queryKey: ['company', 'look-feel'] });
      onSuccess?.(profile);
    },
  });
}
