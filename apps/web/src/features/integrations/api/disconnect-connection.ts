import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IntegrationsApi, ZDisconnectResult, type TDisconnectResult } from '@hireflow/contracts/integrations';
import { apiDelete } from '@/lib/api-client';

export type { TDisconnectResult };

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
