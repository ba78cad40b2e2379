import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import type { TLoginRequest } from '@hireflow/contracts/auth';
import { apiPost, SignInTimeoutMs } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function login(body: TLoginRequest) {
  return apiPost(AuthApi.login, body, authSchema('ZSessionResponse'), { timeout: SignInTimeoutMs });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
