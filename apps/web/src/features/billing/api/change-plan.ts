import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BillingApi, type TPlanId } from '@hireflow/contracts/billing';
import { ZPlanChangeResponse, type TPlanChangeResponse } from '@hireflow/contracts/billing-subscription';
import { apiPost } from '@/lib/api-client';
import { getSubscriptionQueryOptions } from './get-subscription';

export function changePlan({ plan }: { plan: TPlanId }) {
  return apiPost(BillingApi.subscriptionPlan, { plan }, ZPlanChangeResponse);
}

/** Applied at once (manual provider): the subscription is the answer's; Stripe answers a checkout URL to go to. */
export function useChangePlan({ onSuccess }: { onSuccess?: (answer: TPlanChangeResponse) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: async (answer) => {
      if (answer.kind === 'applied') client.setQueryData(getSubscriptionQueryOptions().queryKey, answer.subscription);
      await client.invalidateQueries({ queryKey: ['subscription'] });
      onSuccess?.(answer);
    },
  });
}
