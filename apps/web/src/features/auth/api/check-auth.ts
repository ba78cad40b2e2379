import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiPost, SignInTimeoutMs } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

/** First step of password sign-in: does this email have an account, and how may it sign in? */
export function checkAuth(body: { email: string }) {
  return apiPost(AuthApi.auth, body, authSchema('ZAuthCheckResponse'), { timeout: SignInTimeoutMs });
}

export function useCheckAuth() {
  return useMutation({ mutationFn: checkAuth });
}
