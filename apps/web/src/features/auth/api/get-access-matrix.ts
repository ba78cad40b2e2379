import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiGet } from '@/lib/api-client';
import { authSchema } from './auth-schemas';
import { updateStoredUser, useSession } from '@/lib/session';

export function getAccessMatrix() {
  return apiGet(AuthApi.accessMatrix, authSchema('ZAccessMatrixResponse'));
}

export function getAccessMatrixQueryOptions() {
  return queryOptions({ queryKey: ['access-matrix'], queryFn: getAccessMatrix });
}

/** The signed-in user as the API knows them now, and their access rights. Keeps the stored user fresh. */
export function useAccessMatrix({ refetchInterval }: { refetchInterval?: number | false } = {}) {
  const { token, user } = useSession();
  const query = useQuery({ ...getAccessMatrixQueryOptions(), enabled: Boolean(token), refetchInterval });
  const fresh = query.data?.user;
  useEffect(() => {
    if (fresh && token && JSON.stringify(fresh) !== JSON.stringify(user)) updateStoredUser(fresh);
  }, [fresh, token, user]);
  return query;
}
