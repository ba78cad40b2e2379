import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { UsersApi, ZSwapAdminResponse, type TSwapAdminRequest, type TSwapAdminResponse, type TStoredUser } from '@hireflow/contracts/users';
import { apiPost } from '@/lib/api-client';
import { getSession, updateStoredUser } from '@/lib/session';

export function swapAdmin(body: TSwapAdminRequest) {
  return apiPost(UsersApi.swapAdmin, body, ZSwapAdminResponse);
}

/**
 * The signed-in user's admin flag follows the swap at once, before the access matrix is fetched again.
 * The cached matrix is patched too: the stored user is kept in step with it and would otherwise be reverted.
 */
function syncSignedInUser(queryClient: QueryClient, { from, to }: TSwapAdminResponse) {
  const { user } = getSession();
  const mine = [from, to].find((changed) => changed.id === user?.id);
  if (!user || !mine || mine.admin === user.admin) return;
  queryClient.setQueryData<{ user?: TStoredUser }>(['access-matrix'], (matrix) => (matrix?.user ? { ...matrix, user: { ...matrix.user, admin: mine.admin } } : matrix));
  updateStoredUser({ ...user, admin: mine.admin });
}

export function useSwapAdmin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: swapAdmin,
    onSuccess: async (result) => {
      syncSignedInUser(queryClient, result);
      // The caller may have just handed away their own admin role: their rights change too. The modal need
      // not wait for them, the admin flag above already changed.
      void queryClient.invalidateQueries({ queryKey: ['access-matrix'] });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      onSuccess?.();
    },
  });
}
