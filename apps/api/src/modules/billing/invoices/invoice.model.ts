import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { InvoicePaidVia, InvoiceStates } from '@hireflow/contracts/billing-invoices';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

const lineSchema = new Schema(
  {
    description: { type: String, required: true },
    quantity: { type: Number, required: true },
    unitPriceMinor: { type: Number, required: true },
    amountMinor: { type: Number, required: true },
  },
  { _id: false },
);

/**
 * A company's monthly invoice. The company's details are copied when it is issued, so the invoice reads the
 * same after the profile changes. Money in minor units of `currency`. One per company and month.
 */
const invoiceSchema = new Schema(
  {
    customerId: tenantField(),
    number: { type: String, required: true },
    /** The counter's value behind `number` (sequential per company). */
    seq: { type: Number, required: true },
    period: { type: String, required: true },
    currency: { type: String, required: true },
    company: {
      name: { type: String, required: true },
      addressLines: { type: [String], default: [] },
      country: { type: String, default: '' },
    },
    plan: { type: String, required: true },
    promoCode: { type: String, default: null },
    lines: { type: [lineSchema], default: [] },
    subtotalMinor: { type: Number, required: true },
    taxRate: { type: Number, required: true },
    taxMinor: { type: Number, required: true },
    totalMinor: { type: Number, required: true },
    status: { type: String, enum: InvoiceStates, default: 'open' },
    issuedAt: { type: Date, required: true },
    dueAt: { type: Date, required: true },
    paidAt: { type: Date, default: null },
    paidVia: { type: String, enum: [...InvoicePaidVia, null], default: null },
  },
  { timestamps: true },
);
tenantOwned(invoiceSchema);
// One invoice per company and month: the monthly job may run twice (or on two instances) without a second bill.
invoiceSchema.index({ customerId: 1, period: 1 }, { unique: true });
invoiceSchema.index({ customerId: 1, seq: 1 }, { unique: true });
invoiceSchema.index({ customerId: 1, issuedAt: -1, _id: -1 });
// The super admin's list across companies.
invoiceSchema.index({ status: 1, issuedAt: -1, _id: -1 });
invoiceSchema.index({ issuedAt: -1, _id: -1 });

export type InvoiceDoc = Omit<InferSchemaType<typeof invoiceSchema>, 'company'> & {
  _id: Types.ObjectId;
  createdAt: Date;
  company: { name: string; addressLines: string[]; country: string };
};
export const Invoice = model('Invoice', invoiceSchema);

/** The last invoice number given per company: incremented in the transaction that inserts the invoice. */
const invoiceCounterSchema = new Schema({ customerId: tenantField(), seq: { type: Number, default: 0 } });
tenantOwned(invoiceCounterSchema);
invoiceCounterSchema.index({ customerId: 1 }, { unique: true });
export const InvoiceCounter = model('InvoiceCounter', invoiceCounterSchema);
