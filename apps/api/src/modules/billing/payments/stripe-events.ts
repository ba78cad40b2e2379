import { Schema, Types, model, type ClientSession } from 'mongoose';
import type Stripe from 'stripe';
import { PlanIds, type TPlanId } from '@hireflow/contracts/billing';
import { withTransaction } from '../../jobs/with-transaction';
import { Customer } from '../../org/customer.model';
import { applyPlanChange } from '../subscription/apply-plan-change';
import { markInvoicePaid } from '../invoices/invoices.service';
import { issueInvoice, periodOf } from '../invoices/invoice-generation';

/** Every Stripe event handled, by its id: Stripe delivers at least once, so the second delivery changes nothing. */
const stripeEventSchema = new Schema({ eventId: { type: String, required: true }, type: { type: String, required: true } }, { timestamps: { createdAt: true, updatedAt: false } });
stripeEventSchema.index({ eventId: 1 }, { unique: true });
export const StripeEvent = model('StripeEvent', stripeEventSchema);

const isId = (value: unknown): value is string => typeof value === 'string' && Types.ObjectId.isValid(value) && value.length === 24;

async function completeCheckout(session: Stripe.Checkout.Session, db: ClientSession, now: Date, paidPlanMonths: Types.ObjectId[]): Promise<string> {
  if (session.payment_status === 'unpaid') return 'awaiting payment';
  const meta = session.metadata ?? {};
  if (!isId(meta.customerId)) return 'not ours';
  const customerId = new Types.ObjectId(meta.customerId);
  const stripeCustomer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  if (stripeCustomer) await Customer.updateOne({ _id: customerId }, { $set: { 'subscription.stripeCustomerId': stripeCustomer } }, { session: db });
  if (meta.kind === 'invoice' && isId(meta.invoiceId)) {
    const paid = await markInvoicePaid({ customerId, invoiceId: new Types.ObjectId(meta.invoiceId), via: 'stripe', now }, db);
    return paid ? 'invoice paid' : 'invoice not open';
  }
  if (meta.kind === 'plan_change' && (PlanIds as readonly string[]).includes(meta.plan ?? '') && isId(meta.requestedBy)) {
    await applyPlanChange({ customerId, plan: meta.plan as TPlanId, promoId: isId(meta.promoId) ? new Types.ObjectId(meta.promoId) : null, requestedBy: new Types.ObjectId(meta.requestedBy) }, db);
    paidPlanMonths.push(customerId);
    return 'plan changed';
  }
  return 'not ours';
}

/**
 * Applies a verified Stripe event once: the event's id is stored in the same transaction as its effect.
 * checkout.session.completed (and async_payment_succeeded for delayed methods) pays an invoice or applies a
 * plan change; other events are acknowledged and ignored.
 */
export async function handleStripeEvent(event: Stripe.Event, now: Date): Promise<string> {
  // Plan changes paid in this event: the checkout charged this month's invoice, issued below as paid.
  const paidPlanMonths: Types.ObjectId[] = [];
  try {
    const outcome = await withTransaction(async (db) => {
      paidPlanMonths.length = 0;
      await StripeEvent.create([{ eventId: event.id, type: event.type }], { session: db });
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        return completeCheckout(event.data.object, db, now, paidPlanMonths);
      }
      return 'ignored';
    });
    for (const customerId of paidPlanMonths) {
      const invoice = await issueInvoice(customerId, periodOf(now), now);
      if (invoice) await markInvoicePaid({ customerId, invoiceId: invoice._id, via: 'stripe', now });
    }
    return outcome;
  } catch (error) {
    if ((error as { code?: number }).code === 11000 && (await StripeEvent.exists({ eventId: event.id }))) return 'already handled';
    throw error;
  }
}
