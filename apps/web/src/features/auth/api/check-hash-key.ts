import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function checkHashKey(hashKey: string) {
  return apiPost(AuthApi.hashKeyValid, { hashKey }, authSchema('ZHashKeyValidResponse'));
}

export function getHashKeyQueryOptions(hashKey: string) {
  return queryOptions({ queryKey: ['hash-key', hashKey], queryFn: () => checkHashKey(hashKey), gcTime: 0 });
}

export function useHashKeyValidity(hashKey: string) {
  return useQuery({ ...getHashKeyQueryOptions(hashKey), enabled: hashKey.length > 0 });
}
