import type { Types } from 'mongoose';
import type { TPlanId } from '@hireflow/contracts/billing';

/** A plan change a company admin asked for (the promo, if any, was checked by the subscription service). */
export type PlanChange = {
  customerId: Types.ObjectId;
  plan: TPlanId;
  promoId: Types.ObjectId | null;
  requestedBy: Types.ObjectId;
};

/** Applied now (manual), or the admin is sent to the provider's checkout and the provider's webhook applies it. */
export type PlanChangeStart = { kind: 'applied' } | { kind: 'redirect'; url: string };

/** Collecting one invoice: the manual provider waits for the super admin to mark it paid; Stripe sends the admin to checkout. */
export type InvoicePaymentStart = { kind: 'manual'; instructions: string } | { kind: 'redirect'; url: string };

/**
 * How the platform gets paid. Two implementations: manual (the default: plan changes apply at once, invoices
 * are paid by bank transfer and marked paid by the super admin) and Stripe (when its keys are set: checkout
 * for a plan change and for an invoice, confirmed by signed webhooks). Everything else in billing is the same.
 */
export interface PaymentProvider {
  readonly name: 'manual' | 'stripe';
  startPlanChange(change: PlanChange, ctx: { returnUrl: string }): Promise<PlanChangeStart>;
  startInvoicePayment(invoiceId: Types.ObjectId, ctx: { customerId: Types.ObjectId; returnUrl: string }): Promise<InvoicePaymentStart>;
}
