import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZSignupResponse, type TSelfSignupRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

/** A new company and its first admin. */
export function selfSignup(body: TSelfSignupRequest) {
  return apiPost(AuthApi.selfSignup, body, ZSignupResponse);
}

export function useSelfSignup() {
  return useMutation({ mutationFn: selfSignup });
}
