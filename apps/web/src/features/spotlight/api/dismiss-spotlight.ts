import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath } from '@hireflow/contracts/routes';
import { SpotlightApi, ZSpotlightDismissResponse, type TMySpotlightResponse } from '@hireflow/contracts/spotlight';
import { apiPost } from '@/lib/api-client';
import { getMySpotlightQueryOptions } from './get-my-spotlight';

export function dismissSpotlight(id: string) {
  return apiPost(buildPath(SpotlightApi.dismiss, { id }), {}, ZSpotlightDismissResponse);
}

/** Hides an announcement for me: it leaves the dashboard at once, and the list is fetched again. */
export function useDismissSpotlight() {
  const client = useQueryClient();
  const { queryKey } = getMySpotlightQueryOptions();
  return useMutation({
    mutationFn: dismissSpotlight,
    onSuccess: async (_answer, id) => {
      client.setQueryData(queryKey, (current: TMySpotlightResponse | undefined) => (current ? { items: current.items.filter((i) => i.id !== id) } : current));
      await client.invalidateQueries({ queryKey });
    },
  });
}
