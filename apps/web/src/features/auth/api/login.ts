import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import type { TLoginRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function login(body: TLoginRequest) {
  return apiPost(AuthApi.login, body, authSchema('ZSessionResponse'));
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
