import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SuperadminApi, ZCompanyActionResponse, type TCompanyAction, type TCompanyActionResponse } from '@hireflow/contracts/superadmin';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function actOnCompany({ id, action, reason }: { id: string; action: TCompanyAction; reason: string }) {
  return apiPost(buildPath(SuperadminApi.companyAction, { id, action }), { reason }, ZCompanyActionResponse);
}

/** Authorise, suspend or reinstate; every company list, count and history is fetched again. */
export function useActOnCompany({ onSuccess }: { onSuccess?: (answer: TCompanyActionResponse) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actOnCompany,
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: ['companies'] });
      onSuccess?.(answer);
    },
  });
}
