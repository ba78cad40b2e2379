import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZStoredUser } from '@hireflow/contracts/users';
import { PreferencesApi, type TChangePasswordRequest, type TProfileUpdateRequest } from '@hireflow/contracts/preferences';
import { apiGet, apiPost } from '@/lib/api-client';
import { updateStoredUser } from '@/lib/session';

const ZProfileResponse = z.object({ user: ZStoredUser });

export const getProfile = () => apiGet(PreferencesApi.profile, ZProfileResponse);
export const getProfileQueryOptions = () => queryOptions({ queryKey: ['preferences', 'profile'], queryFn: getProfile });
export const useProfile = () => useQuery(getProfileQueryOptions());

export const updateProfile = (body: TProfileUpdateRequest) => apiPost(PreferencesApi.profile, body, ZProfileResponse);

/** Saving my profile also refreshes the stored user, so the header shows the new name at once. */
export function useUpdateProfile({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ user }) => {
      updateStoredUser(user);
      queryClient.setQueryData(getProfileQueryOptions().queryKey, { user });
      await queryClient.invalidateQueries({ queryKey: ['access-matrix'] });
      onSuccess?.();
    },
  });
}

export const changePassword = (body: TChangePasswordRequest) => apiPost(PreferencesApi.password, body, z.object({ message: z.string() }));
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
