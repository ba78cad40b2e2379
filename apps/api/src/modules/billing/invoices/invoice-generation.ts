import type { Types } from 'mongoose';
import { BillingCurrency, Plans, formatMoney, taxRateFor, type TPlanId } from '@hireflow/contracts/billing';
import { InvoiceDueDays, periodLabel } from '@hireflow/contracts/billing-invoices';
import { Customer, type CustomerDoc } from '../../org/customer.model';
import { withTransaction } from '../../jobs/with-transaction';
import { registerRecurringJob } from '../../../lib/job-queue';
import { Invoice, InvoiceCounter, type InvoiceDoc } from './invoice.model';
import { discountMinor, readInvoicePromo } from './invoice-promo';

/** "2026-11" for a date (UTC). */
export const periodOf = (at: Date) => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

/** "ACME" from the company's slug (or name): the start of its invoice numbers. */
export function invoicePrefix(company: { slug?: string | null; name: string }): string {
  const letters = (company.slug || company.name).toUpperCase().replace(/[^A-Z0-9]/g, '');
  return letters.slice(0, 10) || 'HF';
}

/** "ACME-2026-0007". */
export const invoiceNumber = (prefix: string, issuedAt: Date, seq: number) => `${prefix}-${issuedAt.getUTCFullYear()}-${String(seq).padStart(4, '0')}`;

type Company = Pick<CustomerDoc, '_id' | 'name' | 'slug' | 'plan' | 'profile' | 'subscription'>;

function addressLines(profile: Company['profile']): string[] {
  const a = profile?.address;
  if (!a) return [];
  const cityLine = [a.postalCode, a.city].filter(Boolean).join(' ');
  return [a.line1, a.line2, cityLine, a.region, a.country].map((s) => (s ?? '').trim()).filter(Boolean);
}

/** The lines and sums of one month of a plan: the plan, the promo's discount, tax by the company's country. */
export async function priceInvoice(company: Company, period: string) {
  const plan = Plans[(company.plan as TPlanId) ?? 'growth'] ?? Plans.growth;
  const promo = await readInvoicePromo(company.subscription?.promoId);
  const lines = [{ description: `${plan.name} plan, ${periodLabel(period)}`, quantity: 1, unitPriceMinor: plan.monthlyPriceMinor, amountMinor: plan.monthlyPriceMinor }];
  const discount = discountMinor(promo, plan.id, plan.monthlyPriceMinor);
  if (discount > 0) {
    const what = promo!.kind === 'percent' ? `${promo!.amount}%` : `${formatMoney(discount)} off`;
    lines.push({ description: `Promo code ${promo!.code} (${what})`, quantity: 1, unitPriceMinor: -discount, amountMinor: -discount });
  }
  const subtotalMinor = lines.reduce((sum, l) => sum + l.amountMinor, 0);
  const country = (company.profile?.address?.country ?? '').toUpperCase();
  const taxRate = taxRateFor(country);
  const taxMinor = Math.round((subtotalMinor * taxRate) / 100);
  return { plan: plan.id, promoCode: discount > 0 ? promo!.code : null, lines, subtotalMinor, taxRate, taxMinor, totalMinor: subtotalMinor + taxMinor, country };
}

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * Issues the company's invoice for `period` (idempotent: null when it already has one). Its number comes from
 * the company's counter, incremented in the same transaction that inserts the invoice, so concurrent issues
 * never share a number and a refused insert (the month was billed meanwhile) gives its number back.
 */
export async function issueInvoice(customerId: Types.ObjectId, period: string, now: Date): Promise<InvoiceDoc | null> {
  const company = await Customer.findById(customerId, { name: 1, slug: 1, plan: 1, profile: 1, subscription: 1 }).lean<Company>();
  if (!company) return null;
  if (await Invoice.exists({ customerId, period })) return null;
  const priced = await priceInvoice(company, period);
  const prefix = invoicePrefix(company);
  // The counter exists before any transaction increments it: two first invoices at once would otherwise
  // both try to insert it (a duplicate key that no transaction retry fixes).
  await InvoiceCounter.updateOne({ customerId }, { $setOnInsert: { seq: 0 } }, { upsert: true }).catch((error: unknown) => {
    if (!isDuplicate(error)) throw error;
  });
  try {
    return await withTransaction(async (session) => {
      const counter = await InvoiceCounter.findOneAndUpdate({ customerId }, { $inc: { seq: 1 } }, { returnDocument: 'after', session });
      const seq = counter!.seq;
      const [invoice] = await Invoice.create(
        [
          {
            customerId,
            number: invoiceNumber(prefix, now, seq),
            seq,
            period,
            currency: BillingCurrency,
            company: { name: company.name, addressLines: addressLines(company.profile), country: priced.country },
            plan: priced.plan,
            promoCode: priced.promoCode,
            lines: priced.lines,
            subtotalMinor: priced.subtotalMinor,
            taxRate: priced.taxRate,
            taxMinor: priced.taxMinor,
            totalMinor: priced.totalMinor,
            status: 'open',
            issuedAt: now,
            dueAt: new Date(now.getTime() + InvoiceDueDays * 24 * 3600_000),
          },
        ],
        { session },
      );
      return invoice!.toObject() as InvoiceDoc;
    });
  } catch (error) {
    if (isDuplicate(error) && (await Invoice.exists({ customerId, period }))) return null;
    throw error;
  }
}

/** Companies billed this month: authorised, not suspended, subscribed (not trialing, not canceled) and past any trial. */
export const billableFilter = (now: Date) => ({
  isAuthorized: true,
  status: 'active' as const,
  'subscription.status': { $in: ['active' as const, 'past_due' as const] },
  $or: [{ trialEndsAt: null }, { trialEndsAt: { $lte: now } }],
});

/** The month's invoices for every billable company that has none yet. */
export async function generateMonthlyInvoices(now: Date): Promise<{ period: string; issued: number }> {
  const period = periodOf(now);
  let issued = 0;
  const companies = Customer.find(billableFilter(now), { _id: 1 }).lean().cursor();
  for await (const company of companies) {
    if (await issueInvoice(company._id, period, now)) issued += 1;
  }
  return { period, issued };
}

/** Hourly: a new month's invoices go out within the hour on whichever instance runs it. */
export const MonthlyInvoicesJob = registerRecurringJob(
  {
    name: 'billing.monthly-invoices',
    maxAttempts: 3,
    async handler(_payload, ctx) {
      return generateMonthlyInvoices(ctx.now());
    },
  },
  3600_000,
);
