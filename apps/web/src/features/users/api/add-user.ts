import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersApi, ZAdminSignupResponse, type TAdminSignupRequest } from '@hireflow/contracts/users';
import { apiPost } from '@/lib/api-client';

/** POST /api/user/signup: buItemId and department go as ids; the API mails the invitation. */
export function addUser(body: TAdminSignupRequest) {
  return apiPost(UsersApi.signup, body, ZAdminSignupResponse);
}

export function useAddUser({ onSuccess }: { onSuccess?: (data: Awaited<ReturnType<typeof addUser>>) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      onSuccess?.(data);
    },
  });
}
