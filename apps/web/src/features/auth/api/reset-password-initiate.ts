import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZMessageResponse } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function initiatePasswordReset(body: { email: string; captchaId: string; captchaText: string }) {
  return apiPost(AuthApi.resetInitiate, body, ZMessageResponse);
}

export function useInitiatePasswordReset() {
  return useMutation({ mutationFn: initiatePasswordReset });
}
