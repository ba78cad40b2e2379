// Invoices: the monthly bill of a company (one per month, numbered per company), its lines, tax and payment
// state; the /billing page, the PDF and the super admin's list read these. Paths are in billing.ts BillingApi.
import { z } from 'zod';
import { ZObjectId } from './common';

export const InvoiceStates = ['open', 'paid', 'void'] as const;
export type TInvoiceState = (typeof InvoiceStates)[number];
export const InvoiceStateLabels: Record<TInvoiceState, string> = { open: 'Open', paid: 'Paid', void: 'Void' };

/** How an invoice was paid: a bank transfer the super admin marked paid, or Stripe checkout. */
export const InvoicePaidVia = ['manual', 'stripe'] as const;
export type TInvoicePaidVia = (typeof InvoicePaidVia)[number];

/** An invoice is due this many days after it was issued. */
export const InvoiceDueDays = 14;
export const InvoicesPageSize = 20;

/** "2026-11": the month an invoice bills. */
export const ZInvoicePeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month like 2026-11' });

/** "November 2026". */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const ZInvoiceLine = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPriceMinor: z.number(),
  /** Negative for a discount. */
  amountMinor: z.number(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export const ZInvoiceCompany = z.object({
  name: z.string(),
  addressLines: z.array(z.string()),
  country: z.string(),
});

export const ZInvoiceSummary = z.object({
  id: z.string(),
  number: z.string(),
  period: z.string(),
  currency: z.string(),
  totalMinor: z.number(),
  status: z.enum(InvoiceStates),
  issuedAt: z.string(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  paidVia: z.enum(InvoicePaidVia).nullable(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

export const ZInvoice = ZInvoiceSummary.extend({
  company: ZInvoiceCompany,
  lines: z.array(ZInvoiceLine),
  subtotalMinor: z.number(),
  taxRate: z.number(),
  taxMinor: z.number(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceListQuery = z.object({
  page: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(10_000).optional().default(1),
});
export type TInvoiceListQuery = z.input<typeof ZInvoiceListQuery>;

export const ZInvoiceListResponse = z.object({
  items: z.array(ZInvoiceSummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** 'stripe': open invoices can be paid online (the Pay button); 'manual': by bank transfer. */
  provider: z.enum(['manual', 'stripe']),
});
export type TInvoiceListResponse = z.infer<typeof ZInvoiceListResponse>;

/** Paying an invoice: go to the provider's checkout, or the manual instructions. */
export const ZInvoicePayResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('manual'), instructions: z.string() }),
]);
export type TInvoicePayResponse = z.infer<typeof ZInvoicePayResponse>;

// The platform super admin: every company's invoices, optionally by state; marking one paid (manual).
export const ZSuperadminInvoiceListQuery = ZInvoiceListQuery.extend({
  status: z.enum(InvoiceStates, { error: 'must be open, paid or void' }).optional(),
  companyId: ZObjectId.optional(),
});
export type TSuperadminInvoiceListQuery = z.input<typeof ZSuperadminInvoiceListQuery>;

export const ZSuperadminInvoiceRow = ZInvoiceSummary.extend({ companyId: z.string(), companyName: z.string() });
export type TSuperadminInvoiceRow = z.infer<typeof ZSuperadminInvoiceRow>;

export const ZSuperadminInvoiceListResponse = z.object({
  items: z.array(ZSuperadminInvoiceRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TSuperadminInvoiceListResponse = z.infer<typeof ZSuperadminInvoiceListResponse>;

export const InvoiceValidation = { maxReasonLength: 500 } as const;
export const ZMarkInvoicePaidRequest = z.object({
  reason: z.string().trim().max(InvoiceValidation.maxReasonLength, { error: 'is too long' }).optional().default(''),
});
export type TMarkInvoicePaidRequest = z.input<typeof ZMarkInvoicePaidRequest>;

export const InvoiceMessages = {
  notFound: 'Invoice not found',
  notOpen: (status: TInvoiceState) => `This invoice is ${InvoiceStateLabels[status].toLowerCase()}, so it cannot be paid.`,
  emptyList: 'No invoices yet. Your first invoice is issued at the start of the month after your trial.',
  paidOnline: 'Thank you: your payment was received and the invoice is paid.',
} as const;
