import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function sendOtp(body: { email: string }) {
  return apiPost(AuthApi.sendOtp, body, z.unknown());
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
