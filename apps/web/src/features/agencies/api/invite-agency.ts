import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgencyApi, ZAgency, type TAgency, type TAgencyInput } from '@hireflow/contracts/agencies';
import { apiPost } from '@/lib/api-client';
import { agenciesKey } from './get-agencies';

/** POST /api/agencies: invites an agency; it goes to the agency approval chain at once (201 with the agency). */
export function inviteAgency(body: TAgencyInput) {
  return apiPost(AgencyApi.agencies, body, ZAgency);
}

export function useInviteAgency({ onSuccess }: { onSuccess?: (agency: TAgency) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteAgency,
    onSuccess: async (agency) => {
      await client.invalidateQueries({ queryKey: agenciesKey });
      onSuccess?.(agency);
    },
  });
}
