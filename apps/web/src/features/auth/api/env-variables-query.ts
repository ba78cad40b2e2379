import { queryOptions } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiGet } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

// Apart from useEnvVariables (get-env-variables.ts) so /login can read it without useQuery's observer code.

export function getEnvVariables() {
  return apiGet(AuthApi.envVariables, authSchema('ZEnvVariablesResponse'));
}

export function getEnvVariablesQueryOptions() {
  return queryOptions({ queryKey: ['env-variables'], queryFn: getEnvVariables, staleTime: Infinity });
}
