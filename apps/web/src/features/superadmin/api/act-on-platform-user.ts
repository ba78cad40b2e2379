import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath } from '@hireflow/contracts/routes';
import { SuperadminApi, ZSuperadminUserActionResponse, type TSuperadminUserAction, type TSuperadminUserActionResponse } from '@hireflow/contracts/superadmin';
import { apiPost } from '@/lib/api-client';

export function actOnPlatformUser({ id, action, reason }: { id: string; action: TSuperadminUserAction; reason: string }) {
  return apiPost(buildPath(SuperadminApi.userAction, { id, action }), { reason }, ZSuperadminUserActionResponse);
}

/** Disable, enable or mail a reset link; the user list and the audit log are fetched again. */
export function useActOnPlatformUser({ onSuccess }: { onSuccess?: (answer: TSuperadminUserActionResponse) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actOnPlatformUser,
    onSuccess: async (answer) => {
      await Promise.all([client.invalidateQueries({ queryKey: ['platform-users'] }), client.invalidateQueries({ queryKey: ['companies'] })]);
      onSuccess?.(answer);
    },
  });
}
