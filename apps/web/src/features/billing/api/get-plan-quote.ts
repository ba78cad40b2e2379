import { queryOptions, useQuery } from '@tanstack/react-query';
import { BillingApi, type TPlanId } from '@hireflow/contracts/billing';
import { ZQuote } from '@hireflow/contracts/billing-subscription';
import { apiGet } from '@/lib/api-client';

export function getPlanQuote({ plan, code }: { plan: TPlanId; code: string }) {
  return apiGet(BillingApi.subscriptionQuote, ZQuote, { params: code ? { plan, code } : { plan } });
}

export function getPlanQuoteQueryOptions(params: { plan: TPlanId; code: string }) {
  return queryOptions({ queryKey: ['subscription', 'quote', params], queryFn: () => getPlanQuote(params) });
}

/** The price difference of a plan change; fetched only while a plan is chosen. */
export function usePlanQuote(params: { plan: TPlanId | null; code?: string }) {
  return useQuery({ ...getPlanQuoteQueryOptions({ plan: params.plan ?? 'growth', code: params.code ?? '' }), enabled: params.plan !== null });
}
