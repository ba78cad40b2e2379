import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CareersApi, ZApplyFormSettings, type TUpdateApplyFormRequest } from '@hireflow/contracts/careers';
import { api } from '@/lib/api-client';
import { getApplyFormQueryOptions } from './get-apply-form';
import { getCareerSiteQueryOptions } from './get-career-site';

export async function saveApplyForm(body: TUpdateApplyFormRequest) {
  return ZApplyFormSettings.parse((await api.put<unknown>(CareersApi.applyForm, body)).data);
}

export function useSaveApplyForm({ onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveApplyForm,
    onSuccess: async (saved) => {
      client.setQueryData(getApplyFormQueryOptions().queryKey, saved);
      await client.invalidateQueries({ queryKey: getCareerSiteQueryOptions().queryKey });
      onSuccess?.();
    },
  });
}
