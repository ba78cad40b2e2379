import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CompanyApi, ZLookFeel, type TLookFeel, type TLookFeelInput } from '@hireflow/contracts/company';
import { apiGet, apiPut } from '@/lib/api-client';

export const getLookFeel = () => apiGet(CompanyApi.lookFeel, ZLookFeel);
export const getLookFeelQueryOptions = () => queryOptions({ queryKey: ['company', 'look-feel'], queryFn: getLookFeel });
export const useLookFeel = () => useQuery(getLookFeelQueryOptions());

export const saveLookFeel = (body: TLookFeelInput) => apiPut(CompanyApi.lookFeel, body, ZLookFeel);

export function useSaveLookFeel({ onSuccess }: { onSuccess?: (lookFeel: TLookFeel) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLookFeel,
    onSuccess: (lookFeel) => {
      client.setQueryData(getLookFeelQueryOptions().queryKey, lookFeel);
      onSuccess?.(lookFeel);
    },
  });
}
