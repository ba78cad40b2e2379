import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiGet } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

/** The caller's company state: slug, authorisation, first-run options. */
export function getPresentStatus() {
  return apiGet(AuthApi.presentStatus, authSchema('ZPresentStatusResponse'));
}

export function getPresentStatusQueryOptions() {
  return queryOptions({ queryKey: ['customer', 'present-status'], queryFn: getPresentStatus });
}

export function usePresentStatus({ refetchInterval }: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...getPresentStatusQueryOptions(), refetchInterval });
}
