import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiPost, SignInTimeoutMs } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function loginWithOtp(body: { email: string; otp: string }) {
  return apiPost(AuthApi.otpLogin, body, authSchema('ZSessionResponse'), { timeout: SignInTimeoutMs });
}

export function useLoginWithOtp() {
  return useMutation({ mutationFn: loginWithOtp });
}
