import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiGet } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function getEnvVariables() {
  return apiGet(AuthApi.envVariables, authSchema('ZEnvVariablesResponse'));
}

export function getEnvVariablesQueryOptions() {
  return queryOptions({ queryKey: ['env-variables'], queryFn: getEnvVariables, staleTime: Infinity });
}

export function useEnvVariables({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnvVariablesQueryOptions(), enabled });
}
