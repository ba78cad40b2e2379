import type { TInvoice, TInvoicePaidVia, TInvoiceState, TInvoiceSummary } from '@hireflow/contracts/billing-invoices';
import type { InvoiceDoc } from './invoice.model';

export function presentInvoiceSummary(i: InvoiceDoc): TInvoiceSummary {
  return {
    id: String(i._id),
    number: i.number,
    period: i.period,
    currency: i.currency,
    totalMinor: i.totalMinor,
    status: i.status as TInvoiceState,
    issuedAt: i.issuedAt.toISOString(),
    dueAt: i.dueAt.toISOString(),
    paidAt: i.paidAt ? i.paidAt.toISOString() : null,
    paidVia: (i.paidVia as TInvoicePaidVia | null) ?? null,
  };
}

export function presentInvoice(i: InvoiceDoc): TInvoice {
  return {
    ...presentInvoiceSummary(i),
    company: { name: i.company.name, addressLines: [...i.company.addressLines], country: i.company.country ?? '' },
    lines: i.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor, amountMinor: l.amountMinor })),
    subtotalMinor: i.subtotalMinor,
    taxRate: i.taxRate,
    taxMinor: i.taxMinor,
  };
}
