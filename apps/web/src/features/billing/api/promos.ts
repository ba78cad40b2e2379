import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BillingApi } from '@hireflow/contracts/billing';
import { ZPromo, ZPromoList, type TPromo, type TPromoInput, type TPromoPatch } from '@hireflow/contracts/billing-subscription';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet, apiPatch, apiPost } from '@/lib/api-client';

export function getPromos() {
  return apiGet(BillingApi.superadminPromos, ZPromoList);
}

export function getPromosQueryOptions() {
  return queryOptions({ queryKey: ['promos'], queryFn: getPromos });
}

export function usePromos() {
  return useQuery(getPromosQueryOptions());
}

export function createPromo(input: TPromoInput) {
  return apiPost(BillingApi.superadminPromos, input, ZPromo);
}

export function updatePromo({ id, patch }: { id: string; patch: TPromoPatch }) {
  return apiPatch(buildPath(BillingApi.superadminPromo, { id }), patch, ZPromo);
}

/** Create (no id) or edit a code; the list is fetched again. */
export function useSavePromo({ onSuccess }: { onSuccess?: (promo: TPromo) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TPromoInput }) => (id ? updatePromo({ id, patch: input }) : createPromo(input)),
    onSuccess: async (promo) => {
      await client.invalidateQueries({ queryKey: getPromosQueryOptions().queryKey });
      onSuccess?.(promo);
    },
  });
}
