import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { OrgApi, ZOrgItem, ZOrgStatusRequest, ZOrgUsage, type TOrgKind } from '@hireflow/contracts/org';
import { buildPath } from '@hireflow/contracts/routes';
import { api, apiGet, apiPost } from '@/lib/api-client';

const ZItemResponse = z.object({ item: ZOrgItem });

export function createOrgItem({ kind, body }: { kind: TOrgKind; body: Record<string, unknown> }) {
  return apiPost(buildPath(OrgApi.create, { kind }), body, ZItemResponse);
}
export function updateOrgItem({ kind, id, body }: { kind: TOrgKind; id: string; body: Record<string, unknown> }) {
  return apiPost(buildPath(OrgApi.update, { kind, id }), body, ZItemResponse);
}
export function setOrgItemStatus({ kind, id, status }: { kind: TOrgKind; id: string } & z.infer<typeof ZOrgStatusRequest>) {
  return apiPost(buildPath(OrgApi.status, { kind, id }), { status }, ZItemResponse);
}
export async function removeOrgItem({ kind, id }: { kind: TOrgKind; id: string }) {
  await api.delete(buildPath(OrgApi.remove, { kind, id }));
}
export function getOrgItemUsage({ kind, id }: { kind: TOrgKind; id: string }) {
  return apiGet(buildPath(OrgApi.usage, { kind, id }), ZOrgUsage);
}

/** Any change to a kind refreshes its lists and pickers. */
function useOrgMutation<T extends { kind: TOrgKind }, R>(mutationFn: (vars: T) => Promise<R>, onSuccess?: (data: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, vars) => {
      await queryClient.invalidateQueries({ queryKey: ['org', vars.kind] });
      onSuccess?.(data);
    },
  });
}

export const useCreateOrgItem = (onSuccess?: () => void) => useOrgMutation(createOrgItem, onSuccess);
export const useUpdateOrgItem = (onSuccess?: () => void) => useOrgMutation(updateOrgItem, onSuccess);
export const useSetOrgItemStatus = () => useOrgMutation(setOrgItemStatus);
export const useRemoveOrgItem = (onSuccess?: () => void) => useOrgMutation(removeOrgItem, onSuccess);
