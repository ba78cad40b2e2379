import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function resendVerification(body: { email: string }) {
  return apiPost(AuthApi.resendVerification, body, authSchema('ZMessageResponse'));
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
