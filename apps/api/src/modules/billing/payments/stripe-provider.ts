import { BillingCurrency, Plans } from '@hireflow/contracts/billing';
import { InvoiceMessages, periodLabel, type TInvoiceState } from '@hireflow/contracts/billing-invoices';
import { AppError } from '../../../lib/app-error';
import { Customer } from '../../org/customer.model';
import { Invoice } from '../invoices/invoice.model';
import { periodOf, priceInvoice } from '../invoices/invoice-generation';
import { applyPlanChange } from '../subscription/apply-plan-change';
import type { PaymentProvider } from './payment-provider';
import { stripeClient } from './stripe-client';
import type { Config } from '../../../config';

/** What a Checkout Session carries back to our webhook (metadata values are strings). */
export type CheckoutMetadata =
  | { kind: 'plan_change'; customerId: string; plan: string; promoId: string; requestedBy: string }
  | { kind: 'invoice'; customerId: string; invoiceId: string };

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/**
 * Stripe (when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set): a plan change and an invoice are paid
 * through a Checkout Session (mode payment); nothing changes until the signed checkout.session.completed
 * webhook arrives (payment-webhooks.routes.ts).
 */
export function createStripeProvider(config: Config): PaymentProvider {
  const stripe = stripeClient(config);
  const currency = BillingCurrency.toLowerCase();
  const customerOf = async (customerId: unknown) => (await Customer.findById(customerId, { subscription: 1 }).lean())?.subscription?.stripeCustomerId ?? undefined;
  return {
    name: 'stripe',
    async startPlanChange(change, { returnUrl }) {
      const plan = Plans[change.plan];
      const now = new Date();
      // This month already invoiced (for the old plan): the change applies now and next month's invoice bills it.
      if (await Invoice.exists({ customerId: change.customerId, period: periodOf(now) })) {
        await applyPlanChange(change);
        return { kind: 'applied' };
      }
      // Otherwise checkout charges exactly this month's invoice under the new plan (promo and tax included);
      // its payment issues that invoice as paid, so the monthly run does not bill the month again.
      const company = (await Customer.findById(change.customerId, { name: 1, slug: 1, plan: 1, profile: 1, subscription: 1 }).lean())!;
      const priced = await priceInvoice({ ...company, plan: plan.id, subscription: { ...company.subscription, promoId: change.promoId } } as Parameters<typeof priceInvoice>[0], periodOf(now));
      const metadata: CheckoutMetadata = { kind: 'plan_change', customerId: String(change.customerId), plan: plan.id, promoId: change.promoId ? String(change.promoId) : '', requestedBy: String(change.requestedBy) };
      const stripeCustomer = await customerOf(change.customerId);
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency, unit_amount: priced.totalMinor, product_data: { name: `${plan.name} plan, ${periodLabel(periodOf(now))}` } } }],
        client_reference_id: String(change.customerId),
        metadata,
        ...(stripeCustomer ? { customer: stripeCustomer } : {}),
        success_url: withQuery(returnUrl, 'checkout=success'),
        cancel_url: withQuery(returnUrl, 'checkout=cancelled'),
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { kind: 'redirect', url: session.url };
    },
    async startInvoicePayment(invoiceId, { customerId, returnUrl }) {
      const invoice = await Invoice.findOne({ customerId, _id: invoiceId }, { number: 1, status: 1, totalMinor: 1, currency: 1 }).lean();
      if (!invoice) throw AppError.notFound('Invoice');
      if (invoice.status !== 'open') throw AppError.conflict(InvoiceMessages.notOpen(invoice.status as TInvoiceState));
      const metadata: CheckoutMetadata = { kind: 'invoice', customerId: String(customerId), invoiceId: String(invoice._id) };
      const stripeCustomer = await customerOf(customerId);
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: invoice.currency.toLowerCase(), unit_amount: invoice.totalMinor, product_data: { name: `Invoice ${invoice.number}` } } }],
        client_reference_id: String(customerId),
        metadata,
        ...(stripeCustomer ? { customer: stripeCustomer } : {}),
        success_url: withQuery(returnUrl, 'checkout=success'),
        cancel_url: withQuery(returnUrl, 'checkout=cancelled'),
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { kind: 'redirect', url: session.url };
    },
  };
}

