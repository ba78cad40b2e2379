import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZMessageResponse } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function resendVerification(body: { email: string }) {
  return apiPost(AuthApi.resendVerification, body, ZMessageResponse);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
