import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersApi, ZSwapAdminResponse, type TSwapAdminRequest } from '@hireflow/contracts/users';
import { apiPost } from '@/lib/api-client';

export function swapAdmin(body: TSwapAdminRequest) {
  return apiPost(UsersApi.swapAdmin, body, ZSwapAdminResponse);
}

export function useSwapAdmin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: swapAdmin,
    onSuccess: async () => {
      // The caller may have just handed away their own admin role: their rights change too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['users'] }), queryClient.invalidateQueries({ queryKey: ['access-matrix'] })]);
      onSuccess?.();
    },
  });
}
