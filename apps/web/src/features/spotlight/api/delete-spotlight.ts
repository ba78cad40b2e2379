import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath } from '@hireflow/contracts/routes';
import { ZMessageResponse, type TMessageResponse } from '@hireflow/contracts/auth';
import { SpotlightApi } from '@hireflow/contracts/spotlight';
import { apiDelete } from '@/lib/api-client';

export function deleteSpotlight(id: string) {
  return apiDelete(buildPath(SpotlightApi.one, { id }), ZMessageResponse);
}

export function useDeleteSpotlight({ onSuccess }: { onSuccess?: (answer: TMessageResponse) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSpotlight,
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: ['spotlight'] });
      onSuccess?.(answer);
    },
  });
}
