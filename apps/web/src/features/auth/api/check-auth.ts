import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZAuthCheckResponse } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

/** First step of password sign-in: does this email have an account, and how may it sign in? */
export function checkAuth(body: { email: string }) {
  return apiPost(AuthApi.auth, body, ZAuthCheckResponse);
}

export function useCheckAuth() {
  return useMutation({ mutationFn: checkAuth });
}
