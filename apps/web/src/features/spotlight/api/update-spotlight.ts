import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath } from '@hireflow/contracts/routes';
import { SpotlightApi, ZSpotlightChangeResponse, type TSpotlightChangeResponse, type TUpdateSpotlightRequest } from '@hireflow/contracts/spotlight';
import { apiPatch } from '@/lib/api-client';

export function updateSpotlight({ id, input }: { id: string; input: TUpdateSpotlightRequest }) {
  return apiPatch(buildPath(SpotlightApi.one, { id }), input, ZSpotlightChangeResponse);
}

export function useUpdateSpotlight({ onSuccess }: { onSuccess?: (answer: TSpotlightChangeResponse) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSpotlight,
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: ['spotlight'] });
      onSuccess?.(answer);
    },
  });
}
