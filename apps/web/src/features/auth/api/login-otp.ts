import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZSessionResponse } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function loginWithOtp(body: { email: string; otp: string }) {
  return apiPost(AuthApi.otpLogin, body, ZSessionResponse);
}

export function useLoginWithOtp() {
  return useMutation({ mutationFn: loginWithOtp });
}
