import { BillingCurrency, Plans } from '@hireflow/contracts/billing';
import { InvoiceMessages, type TInvoiceState } from '@hireflow/contracts/billing-invoices';
import { AppError } from '../../../lib/app-error';
import { Customer } from '../../org/customer.model';
import { Invoice } from '../invoices/invoice.model';
import { registerStripeProvider, type PaymentProvider } from './payment-provider';
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
      const metadata: CheckoutMetadata = { kind: 'plan_change', customerId: String(change.customerId), plan: plan.id, promoId: change.promoId ? String(change.promoId) : '', requestedBy: String(change.requestedBy) };
      const stripeCustomer = await customerOf(change.customerId);
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency, unit_amount: plan.monthlyPriceMinor, product_data: { name: `${plan.name} plan, first month` } } }],
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

registerStripeProvider(createStripeProvider);
