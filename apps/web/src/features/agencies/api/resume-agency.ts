import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgencyApi, ZAgency, type TAgency } from '@hireflow/contracts/agencies';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import { agenciesKey } from './get-agencies';

/** POST /api/agencies/:id/resume: a paused agency may submit candidates again. */
export function resumeAgency(id: string) {
  return apiPost(buildPath(AgencyApi.resume, { id }), {}, ZAgency);
}

export function useResumeAgency(id: string, { onSuccess }: { onSuccess?: (agency: TAgency) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => resumeAgency(id),
    onSuccess: async (agency) => {
      await client.invalidateQueries({ queryKey: agenciesKey });
      onSuccess?.(agency);
    },
  });
}
