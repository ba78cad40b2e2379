import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi, ZOutboxResponse } from '@hireflow/contracts/auth';
import { apiGet } from '@/lib/api-client';

export function getOutbox(email: string) {
  return apiGet(AuthApi.devOutbox, ZOutboxResponse, { params: email ? { to: email } : {} });
}

export function getOutboxQueryOptions(email: string) {
  return queryOptions({ queryKey: ['dev-outbox', email], queryFn: () => getOutbox(email) });
}

export function useOutbox(email: string) {
  return useQuery(getOutboxQueryOptions(email));
}
