import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZSessionResponse, type TLoginRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function login(body: TLoginRequest) {
  return apiPost(AuthApi.login, body, ZSessionResponse);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
