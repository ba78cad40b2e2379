import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath } from '@hireflow/contracts/routes';
import { SuperadminApi, ZCompanyActionResponse, type TCompanyActionResponse, type TCompanySubscriptionRequest } from '@hireflow/contracts/superadmin';
import { apiPut } from '@/lib/api-client';

export function changeCompanySubscription({ id, ...body }: TCompanySubscriptionRequest & { id: string }) {
  return apiPut(buildPath(SuperadminApi.companySubscription, { id }), body, ZCompanyActionResponse);
}

/** The super admin's plan and seats for a company; lists, the company and the audit log are fetched again. */
export function useChangeCompanySubscription({ onSuccess }: { onSuccess?: (answer: TCompanyActionResponse) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeCompanySubscription,
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: ['companies'] });
      onSuccess?.(answer);
    },
  });
}
