import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiAccessApi, ZApiKeyCreated, ZApiKeyItem, ZApiKeyList, type TApiKeyCreate } from '@hireflow/contracts/api-access';
import { apiDelete, apiGet, apiPost } from '@/lib/api-client';

const keysKey = ['api-access', 'keys'] as const;

/** GET /api/api-keys: the company's API keys (never the keys themselves, only their prefixes). */
export const useApiKeys = () => useQuery({ queryKey: keysKey, queryFn: () => apiGet(ApiAccessApi.keys, ZApiKeyList) });

/** POST /api/api-keys: answers the whole key, the one time it is shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TApiKeyCreate) => apiPost(ApiAccessApi.keys, input, ZApiKeyCreated),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

/** DELETE /api/api-keys/:id: revokes the key at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(ApiAccessApi.key.replace(':id', encodeURIComponent(id)), ZApiKeyItem),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}
