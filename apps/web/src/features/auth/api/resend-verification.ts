import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function resendVerification(body: { email: string }) {
  return apiPost(AuthApi.resendVerification, body, z.unknown());
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
