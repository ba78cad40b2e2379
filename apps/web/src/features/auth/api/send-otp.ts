import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZMessageResponse } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function sendOtp(body: { email: string }) {
  return apiPost(AuthApi.sendOtp, body, ZMessageResponse);
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
