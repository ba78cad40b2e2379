import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BillingApi } from '@hireflow/contracts/billing';
import { ZSuperadminInvoiceListResponse, type TInvoiceState } from '@hireflow/contracts/billing-invoices';
import { apiGet } from '@/lib/api-client';

export type SuperadminInvoiceParams = { page: number; status: TInvoiceState | null; companyId?: string | null };

export function getSuperadminInvoices({ page, status, companyId }: SuperadminInvoiceParams) {
  const params: Record<string, string | number> = { page };
  if (status) params.status = status;
  if (companyId) params.companyId = companyId;
  return apiGet(BillingApi.superadminInvoices, ZSuperadminInvoiceListResponse, { params });
}

export function getSuperadminInvoicesQueryOptions(params: SuperadminInvoiceParams) {
  return queryOptions({ queryKey: ['invoices', 'superadmin', params], queryFn: () => getSuperadminInvoices(params), placeholderData: keepPreviousData });
}

export function useSuperadminInvoices(params: SuperadminInvoiceParams) {
  return useQuery(getSuperadminInvoicesQueryOptions(params));
}
