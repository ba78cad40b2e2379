import { InvoiceMessages } from '@hireflow/contracts/billing-invoices';
import { AppError } from '../../../lib/app-error';
import { applyPlanChange } from '../subscription/apply-plan-change';
import { Invoice } from '../invoices/invoice.model';
import type { PaymentProvider } from './payment-provider';

/**
 * The default provider: a plan change applies at once (it is billed on the next monthly invoice) and an
 * invoice is paid by bank transfer, which the super admin marks paid (POST /api/superadmin/invoices/:id/mark-paid).
 */
export function createManualProvider(): PaymentProvider {
  return {
    name: 'manual',
    async startPlanChange(change) {
      await applyPlanChange(change);
      return { kind: 'applied' };
    },
    async startInvoicePayment(invoiceId, { customerId }) {
      const invoice = await Invoice.findOne({ customerId, _id: invoiceId }, { number: 1 }).lean();
      if (!invoice) throw AppError.notFound('Invoice');
      return { kind: 'manual', instructions: InvoiceMessages.manualInstructions(invoice.number) };
    },
  };
}
