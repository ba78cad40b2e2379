import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import type { TSelfSignupRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

/** A new company and its first admin. */
export function selfSignup(body: TSelfSignupRequest) {
  return apiPost(AuthApi.selfSignup, body, authSchema('ZSignupResponse'));
}

export function useSelfSignup() {
  return useMutation({ mutationFn: selfSignup });
}
