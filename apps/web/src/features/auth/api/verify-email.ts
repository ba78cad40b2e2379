import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function verifyEmail(body: { verify_key: string }) {
  return apiPost(AuthApi.verifyEmail, body, authSchema('ZVerifyEmailResponse'));
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
