import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import type { TResetPasswordRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function resetPassword(body: TResetPasswordRequest) {
  return apiPost(AuthApi.resetPassword, body, authSchema('ZMessageResponse'));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
