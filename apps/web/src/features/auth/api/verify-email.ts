import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function verifyEmail(body: { verify_key: string }) {
  return apiPost(AuthApi.verifyEmail, body, z.unknown());
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
