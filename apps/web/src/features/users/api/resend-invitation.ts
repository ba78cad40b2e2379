import { useMutation } from '@tanstack/react-query';
import { UsersApi, ZResendInvitationResponse } from '@hireflow/contracts/users';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

/** POST /api/user/{id}/resend-invitation: a new set-password mail for a user who has not joined yet. */
export function resendInvitation(id: string) {
  return apiPost(buildPath(UsersApi.resendInvitation, { id }), {}, ZResendInvitationResponse);
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}
