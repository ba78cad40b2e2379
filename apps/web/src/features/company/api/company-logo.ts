import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CompanyApi, ZCompanyProfile, type TCompanyProfile } from '@hireflow/contracts/company';
import { apiDelete, apiPost } from '@/lib/api-client';
import { getCompanyProfileQueryOptions } from './company-profile';

/** Uploads the logo (multipart field `logo`); the server resizes it and answers with the profile. */
export const uploadCompanyLogo = ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) => {
  const form = new FormData();
  form.append('logo', file);
  return apiPost(CompanyApi.logo, form, ZCompanyProfile, {
    onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
};

export const removeCompanyLogo = () => apiDelete(CompanyApi.logo, ZCompanyProfile);

function useLogoMutation<V>(mutationFn: (vars: V) => Promise<TCompanyProfile>, onSuccess?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (profile) => {
      client.setQueryData(getCompanyProfileQueryOptions().queryKey, profile);
      await client.invalidateQueries({ queryKey: ['company', 'look-feel'] });
      onSuccess?.();
    },
  });
}

export const useUploadCompanyLogo = ({ onSuccess }: { onSuccess?: () => void } = {}) => useLogoMutation(uploadCompanyLogo, onSuccess);
export const useRemoveCompanyLogo = ({ onSuccess }: { onSuccess?: () => void } = {}) => useLogoMutation(removeCompanyLogo, onSuccess);
