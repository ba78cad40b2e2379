import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZVerifyEmailResponse } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function verifyEmail(body: { verify_key: string }) {
  return apiPost(AuthApi.verifyEmail, body, ZVerifyEmailResponse);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
