import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BillingApi } from '@hireflow/contracts/billing';
import { ZSubscriptionResponse, type TSubscriptionResponse } from '@hireflow/contracts/billing-subscription';
import { apiDelete, apiPost } from '@/lib/api-client';
import { getSubscriptionQueryOptions } from './get-subscription';

export function applyPromo({ code }: { code: string }) {
  return apiPost(BillingApi.subscriptionPromo, { code }, ZSubscriptionResponse);
}

export function removePromo() {
  return apiDelete(BillingApi.subscriptionPromo, ZSubscriptionResponse);
}

function usePromoMutation<V>(mutationFn: (v: V) => Promise<TSubscriptionResponse>, onSuccess?: (answer: TSubscriptionResponse) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      client.setQueryData(getSubscriptionQueryOptions().queryKey, answer.subscription);
      await client.invalidateQueries({ queryKey: ['subscription', 'quote'] });
      onSuccess?.(answer);
    },
  });
}

export function useApplyPromo({ onSuccess }: { onSuccess?: (answer: TSubscriptionResponse) => void } = {}) {
  return usePromoMutation(applyPromo, onSuccess);
}

export function useRemovePromo({ onSuccess }: { onSuccess?: (answer: TSubscriptionResponse) => void } = {}) {
  return usePromoMutation(() => removePromo(), onSuccess);
}
