import { useQuery } from '@tanstack/react-query';
import { getEnvVariablesQueryOptions } from './env-variables-query';

export { getEnvVariables, getEnvVariablesQueryOptions } from './env-variables-query';

export function useEnvVariables({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnvVariablesQueryOptions(), enabled });
}
