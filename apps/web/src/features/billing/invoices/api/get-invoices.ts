import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BillingApi } from '@hireflow/contracts/billing';
import { ZInvoiceListResponse } from '@hireflow/contracts/billing-invoices';
import { apiGet } from '@/lib/api-client';

export function getInvoices({ page }: { page: number }) {
  return apiGet(BillingApi.invoices, ZInvoiceListResponse, { params: { page } });
}

export function getInvoicesQueryOptions(params: { page: number }) {
  return queryOptions({ queryKey: ['invoices', 'list', params], queryFn: () => getInvoices(params), placeholderData: keepPreviousData });
}

export function useInvoices(params: { page: number }) {
  return useQuery(getInvoicesQueryOptions(params));
}
