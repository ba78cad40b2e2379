import mongoose, { type Types } from 'mongoose';

/** What an invoice needs of a promo code: its code and how much it takes off. */
export type InvoicePromo = { code: string; kind: 'percent' | 'fixed'; amount: number; plans: string[] };

const fixedKinds = new Set(['fixed', 'amount']);

/**
 * Reads the promo applied to a company (Customer.subscription.promoId) straight from the `promos`
 * collection, so invoices need nothing of the promos module but these fields: code, kind ('percent': a
 * percentage; 'amount' or 'fixed': minor units), value (or amount) and, if present, the plans it applies to.
 * A missing or malformed promo gives no discount.
 */
export async function readInvoicePromo(promoId: Types.ObjectId | null | undefined): Promise<InvoicePromo | null> {
  if (!promoId) return null;
  const doc = await mongoose.connection.collection('promos').findOne({ _id: promoId }, { projection: { code: 1, kind: 1, value: 1, amount: 1, plans: 1 } });
  const amount: unknown = doc?.value ?? doc?.amount;
  if (!doc || (doc.kind !== 'percent' && !fixedKinds.has(doc.kind)) || typeof amount !== 'number' || !(amount > 0)) return null;
  return { code: String(doc.code ?? ''), kind: doc.kind === 'percent' ? 'percent' : 'fixed', amount, plans: Array.isArray(doc.plans) ? doc.plans.map(String) : [] };
}

/** The discount in minor units on a plan's monthly price: never more than the price. */
export function discountMinor(promo: InvoicePromo | null, plan: string, priceMinor: number): number {
  if (!promo || (promo.plans.length && !promo.plans.includes(plan))) return 0;
  const off = promo.kind === 'percent' ? Math.round((priceMinor * Math.min(promo.amount, 100)) / 100) : Math.round(promo.amount);
  return Math.min(off, priceMinor);
}
