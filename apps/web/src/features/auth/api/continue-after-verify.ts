import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZSessionResponse } from '@hireflow/contracts/auth';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

/** Turns the single-use id from /api/verify_user_email into a session. */
export function continueAfterVerify({ email, tokenId }: { email: string; tokenId: string }) {
  return apiGet(buildPath(AuthApi.continueAfterVerifyEmail, { email, tokenId }), ZSessionResponse);
}

export function useContinueAfterVerify() {
  return useMutation({ mutationFn: continueAfterVerify });
}
