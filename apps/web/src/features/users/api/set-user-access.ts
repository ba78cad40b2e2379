import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersApi, ZUserResponse, type TSpecialUserRequest, type TUserRightsRequest, type TUserRolesRequest } from '@hireflow/contracts/users';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function setUserRights({ id, body }: { id: string; body: TUserRightsRequest }) {
  return apiPost(buildPath(UsersApi.rights, { id }), body, ZUserResponse);
}
export function setUserRoles({ id, body }: { id: string; body: TUserRolesRequest }) {
  return apiPost(buildPath(UsersApi.roles, { id }), body, ZUserResponse);
}
export function setSpecialUser({ id, body }: { id: string; body: TSpecialUserRequest }) {
  return apiPost(buildPath(UsersApi.special, { id }), body, ZUserResponse);
}

function useUserAccessMutation<T>(mutationFn: (vars: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['users'] }), queryClient.invalidateQueries({ queryKey: ['user-roles'] })]),
  });
}

export const useSetUserRights = () => useUserAccessMutation(setUserRights);
export const useSetUserRoles = () => useUserAccessMutation(setUserRoles);
export const useSetSpecialUser = () => useUserAccessMutation(setSpecialUser);
