import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi, ZPresentStatusResponse } from '@hireflow/contracts/auth';
import { apiGet } from '@/lib/api-client';

/** The caller's company state: slug, authorisation, first-run options. */
export function getPresentStatus() {
  return apiGet(AuthApi.presentStatus, ZPresentStatusResponse);
}

export function getPresentStatusQueryOptions() {
  return queryOptions({ queryKey: ['customer', 'present-status'], queryFn: getPresentStatus });
}

export function usePresentStatus({ refetchInterval }: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...getPresentStatusQueryOptions(), refetchInterval });
}
