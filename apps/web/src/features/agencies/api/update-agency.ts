import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgencyApi, ZAgency, type TAgency, type TUpdateAgencyRequest } from '@hireflow/contracts/agencies';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPut } from '@/lib/api-client';
import { agenciesKey } from './get-agencies';

/** PUT /api/agencies/:id: fee, guarantee, jobs, limit per job, salary sharing. */
export function updateAgency(id: string, body: TUpdateAgencyRequest) {
  return apiPut(buildPath(AgencyApi.agency, { id }), body, ZAgency);
}

export function useUpdateAgency(id: string, { onSuccess }: { onSuccess?: (agency: TAgency) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAgencyRequest) => updateAgency(id, body),
    onSuccess: async (agency) => {
      await client.invalidateQueries({ queryKey: agenciesKey });
      onSuccess?.(agency);
    },
  });
}
