import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IntegrationsApi } from '@hireflow/contracts/integrations';
import { apiDelete } from '@/lib/api-client';

/** DELETE's answer: `revoked` false when the provider could not revoke the token (Microsoft cannot); it was deleted here all the same. */
const ZDisconnectResult = z.object({ message: z.string(), revoked: z.boolean() });
export type TDisconnectResult = z.infer<typeof ZDisconnectResult>;

export const disconnectConnection = (id: string) => apiDelete(IntegrationsApi.connection.replace(':id', encodeURIComponent(id)), ZDisconnectResult);

/** Disconnects a connection, then refreshes every integrations list (mine, shared addresses, room checks). */
export function useDisconnectConnection({ onSuccess }: { onSuccess?: (result: TDisconnectResult) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectConnection,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['integrations'] });
      onSuccess?.(result);
    },
  });
}
