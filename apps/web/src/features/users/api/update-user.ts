import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersApi, ZUserResponse, type TUserProfileUpdateRequest } from '@hireflow/contracts/users';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function updateUser({ id, body }: { id: string; body: TUserProfileUpdateRequest }) {
  return apiPost(buildPath(UsersApi.profile, { id }), body, ZUserResponse);
}

export function useUpdateUser({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      onSuccess?.();
    },
  });
}
