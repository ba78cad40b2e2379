import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiPost, SignInTimeoutMs } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function initiatePasswordReset(body: { email: string; captchaId: string; captchaText: string }) {
  return apiPost(AuthApi.resetInitiate, body, authSchema('ZMessageResponse'), { timeout: SignInTimeoutMs });
}

export function useInitiatePasswordReset() {
  return useMutation({ mutationFn: initiatePasswordReset });
}
