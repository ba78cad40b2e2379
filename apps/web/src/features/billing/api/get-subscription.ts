import { queryOptions, useQuery } from '@tanstack/react-query';
import { BillingApi } from '@hireflow/contracts/billing';
import { ZSubscriptionView } from '@hireflow/contracts/billing-subscription';
import { apiGet } from '@/lib/api-client';

export function getSubscription() {
  return apiGet(BillingApi.subscription, ZSubscriptionView);
}

export function getSubscriptionQueryOptions() {
  return queryOptions({ queryKey: ['subscription'], queryFn: getSubscription });
}

export function useSubscription() {
  return useQuery(getSubscriptionQueryOptions());
}
