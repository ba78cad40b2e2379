import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BillingApi } from '@hireflow/contracts/billing';
import { ZInvoice } from '@hireflow/contracts/billing-invoices';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export function markInvoicePaid({ id, reason }: { id: string; reason: string }) {
  return apiPost(buildPath(BillingApi.superadminInvoiceMarkPaid, { id }), { reason }, ZInvoice);
}

/** The super admin records a bank transfer; every invoice list is fetched again. */
export function useMarkInvoicePaid({ onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markInvoicePaid,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['invoices'] });
      onSuccess?.();
    },
  });
}
