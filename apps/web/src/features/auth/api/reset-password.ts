import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZMessageResponse, type TResetPasswordRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function resetPassword(body: TResetPasswordRequest) {
  return apiPost(AuthApi.resetPassword, body, ZMessageResponse);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
