import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi, ZHashKeyValidResponse } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function checkHashKey(hashKey: string) {
  return apiPost(AuthApi.hashKeyValid, { hashKey }, ZHashKeyValidResponse);
}

export function getHashKeyQueryOptions(hashKey: string) {
  return queryOptions({ queryKey: ['hash-key', hashKey], queryFn: () => checkHashKey(hashKey), gcTime: 0 });
}

export function useHashKeyValidity(hashKey: string) {
  return useQuery({ ...getHashKeyQueryOptions(hashKey), enabled: hashKey.length > 0 });
}
