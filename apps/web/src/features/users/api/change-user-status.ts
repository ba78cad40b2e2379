import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersApi, ZUserResponse, type TChangeStatusRequest } from '@hireflow/contracts/users';
import { apiPost } from '@/lib/api-client';

export function changeUserStatus(body: TChangeStatusRequest) {
  return apiPost(UsersApi.changeStatus, body, ZUserResponse);
}

export function useChangeUserStatus({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      onSuccess?.();
    },
  });
}
