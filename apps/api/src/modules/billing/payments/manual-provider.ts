import type { Config } from '../../../config';
import { withTransaction } from '../../jobs/with-transaction';
import { applyPlanChange } from '../subscription/apply-plan-change';
import type { PaymentProvider } from './payment-provider';

/**
 * The default provider: a plan change applies at once (it is invoiced with the next monthly invoice) and an
 * invoice is paid by bank transfer, which the super admin marks paid.
 */
export function manualProvider(_config: Config): PaymentProvider {
  return {
    name: 'manual',
    async startPlanChange(change) {
      await withTransaction((session) => applyPlanChange(change, session));
      return { kind: 'applied' };
    },
    async startInvoicePayment() {
      return { kind: 'manual', instructions: 'Pay this invoice by bank transfer with its number as the reference; it is marked paid once the transfer arrives.' };
    },
  };
}
