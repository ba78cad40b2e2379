import { useMutation } from '@tanstack/react-query';
import { BillingApi } from '@hireflow/contracts/billing';
import { ZInvoicePayResponse, type TInvoicePayResponse } from '@hireflow/contracts/billing-invoices';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function payInvoice({ id }: { id: string }) {
  return apiPost(buildPath(BillingApi.invoicePay, { id }), {}, ZInvoicePayResponse);
}

/** Starts paying: the caller sends the browser to Stripe's checkout (or shows the manual instructions). */
export function usePayInvoice({ onSuccess }: { onSuccess?: (answer: TInvoicePayResponse) => void } = {}) {
  return useMutation({ mutationFn: payInvoice, onSuccess });
}
