import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgencyApi, ZAgency, type TAgency } from '@hireflow/contracts/agencies';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import { agenciesKey } from './get-agencies';

/** POST /api/agencies/:id/pause: its users may still sign in and look, but not submit. */
export function pauseAgency(id: string) {
  return apiPost(buildPath(AgencyApi.pause, { id }), {}, ZAgency);
}

export function usePauseAgency(id: string, { onSuccess }: { onSuccess?: (agency: TAgency) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => pauseAgency(id),
    onSuccess: async (agency) => {
      await client.invalidateQueries({ queryKey: agenciesKey });
      onSuccess?.(agency);
    },
  });
}
