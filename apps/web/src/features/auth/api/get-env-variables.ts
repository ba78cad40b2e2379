import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi, ZEnvVariablesResponse } from '@hireflow/contracts/auth';
import { apiGet } from '@/lib/api-client';

export function getEnvVariables() {
  return apiGet(AuthApi.envVariables, ZEnvVariablesResponse);
}

export function getEnvVariablesQueryOptions() {
  return queryOptions({ queryKey: ['env-variables'], queryFn: getEnvVariables, staleTime: Infinity });
}

export function useEnvVariables({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnvVariablesQueryOptions(), enabled });
}
