import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

/** Turns the single-use id from /api/verify_user_email into a session. */
export function continueAfterVerify({ email, tokenId }: { email: string; tokenId: string }) {
  return apiGet(buildPath(AuthApi.continueAfterVerifyEmail, { email, tokenId }), authSchema('ZSessionResponse'));
}

export function useContinueAfterVerify() {
  return useMutation({ mutationFn: continueAfterVerify });
}
