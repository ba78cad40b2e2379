import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SpotlightApi, ZSpotlightChangeResponse, type TCreateSpotlightRequest, type TSpotlightChangeResponse } from '@hireflow/contracts/spotlight';
import { apiPost } from '@/lib/api-client';

export function createSpotlight(input: TCreateSpotlightRequest) {
  return apiPost(SpotlightApi.list, input, ZSpotlightChangeResponse);
}

export function useCreateSpotlight({ onSuccess }: { onSuccess?: (answer: TSpotlightChangeResponse) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSpotlight,
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: ['spotlight'] });
      onSuccess?.(answer);
    },
  });
}
