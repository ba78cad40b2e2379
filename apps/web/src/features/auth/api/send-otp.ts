import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiPost, SignInTimeoutMs } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function sendOtp(body: { email: string }) {
  return apiPost(AuthApi.sendOtp, body, authSchema('ZMessageResponse'), { timeout: SignInTimeoutMs });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
