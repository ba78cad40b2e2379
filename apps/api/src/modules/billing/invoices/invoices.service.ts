import { Types, type ClientSession } from 'mongoose';
import { InvoiceMessages, InvoicesPageSize, type TInvoicePaidVia, type TInvoicePayResponse, type TInvoiceState, type TSuperadminInvoiceListResponse } from '@hireflow/contracts/billing-invoices';
import { AppError } from '../../../lib/app-error';
import type { Config } from '../../../config';
import { Customer } from '../../org/customer.model';
import { readStoredFile } from '../../files/files.service';
import { withTransaction } from '../../jobs/with-transaction';
import { recordPlatformAction, type PlatformActor } from '../../superadmin/platform-audit';
import { formatMoney } from '@hireflow/contracts/billing';
import { paymentProviderOf } from '../payments/providers';
import { Invoice, type InvoiceDoc } from './invoice.model';
import { presentInvoice, presentInvoiceSummary } from './invoices.presenter';
import { renderInvoicePdf } from './render-invoice';

const pageOf = (page: number) => ({ skip: (page - 1) * InvoicesPageSize, limit: InvoicesPageSize });

async function findInvoice(customerId: Types.ObjectId, id: string): Promise<InvoiceDoc> {
  const invoice = Types.ObjectId.isValid(id) ? await Invoice.findOne({ customerId, _id: id }).lean<InvoiceDoc>() : null;
  if (!invoice) throw AppError.notFound('Invoice');
  return invoice;
}

/** A company's invoices, newest first, and whether open ones can be paid online. */
export async function listInvoices({ customerId, page, config }: { customerId: Types.ObjectId; page: number; config: Config }) {
  const [rows, total] = await Promise.all([
    Invoice.find({ customerId }).sort({ issuedAt: -1, _id: -1 }).skip(pageOf(page).skip).limit(InvoicesPageSize).lean<InvoiceDoc[]>(),
    Invoice.countDocuments({ customerId }),
  ]);
  return { items: rows.map(presentInvoiceSummary), total, page, pageSize: InvoicesPageSize, provider: paymentProviderOf(config).name };
}

export async function getInvoice({ customerId, id }: { customerId: Types.ObjectId; id: string }) {
  return presentInvoice(await findInvoice(customerId, id));
}

/** The invoice as a PDF with the company's logo (when its look-and-feel has one). */
export async function invoicePdf({ customerId, id }: { customerId: Types.ObjectId; id: string }) {
  const invoice = await findInvoice(customerId, id);
  const company = await Customer.findById(customerId, { branding: 1 }).lean();
  const logoId = company?.branding?.logoFileId;
  const file = logoId ? await readStoredFile(customerId, logoId, { maxBytes: 2 * 1024 * 1024 }) : null;
  const logo = file && /^image\/(png|jpe?g)$/.test(file.contentType) ? file.buffer : null;
  return { pdf: await renderInvoicePdf(invoice, { logo }), filename: `invoice-${invoice.number}.pdf` };
}

/** Starts paying an open invoice through the provider: Stripe's checkout URL, or the bank transfer instructions. */
export async function payInvoice({ customerId, id, config, returnUrl }: { customerId: Types.ObjectId; id: string; config: Config; returnUrl: string }): Promise<TInvoicePayResponse> {
  const invoice = await findInvoice(customerId, id);
  if (invoice.status !== 'open') throw AppError.conflict(InvoiceMessages.notOpen(invoice.status as TInvoiceState));
  return paymentProviderOf(config).startInvoicePayment(invoice._id, { customerId, returnUrl });
}

/** Marks an open invoice paid (once: a paid or void one stays as it is); true when this call paid it. */
export async function markInvoicePaid({ customerId, invoiceId, via, now }: { customerId: Types.ObjectId; invoiceId: Types.ObjectId; via: TInvoicePaidVia; now: Date }, session?: ClientSession | null) {
  const res = await Invoice.updateOne({ customerId, _id: invoiceId, status: 'open' }, { $set: { status: 'paid', paidAt: now, paidVia: via } }, { session: session ?? undefined });
  return res.modifiedCount === 1;
}

/** Every company's invoices for the super admin, newest first, optionally by state or company. */
export async function listAllInvoices({ page, status, companyId }: { page: number; status?: TInvoiceState; companyId?: string }): Promise<TSuperadminInvoiceListResponse> {
  const filter = { ...(status ? { status } : {}), ...(companyId ? { customerId: new Types.ObjectId(companyId) } : {}) };
  const [rows, total] = await Promise.all([
    Invoice.find(filter).setOptions({ crossTenant: true }).sort({ issuedAt: -1, _id: -1 }).skip(pageOf(page).skip).limit(InvoicesPageSize).lean<InvoiceDoc[]>(),
    Invoice.countDocuments(filter).setOptions({ crossTenant: true }),
  ]);
  return {
    items: rows.map((i) => ({ ...presentInvoiceSummary(i), companyId: String(i.customerId), companyName: i.company.name })),
    total,
    page,
    pageSize: InvoicesPageSize,
  };
}

/** The super admin records a bank transfer: the invoice is paid (manual) and the platform audit log says who did it. */
export async function markInvoicePaidBySuperadmin({ id, actor, reason, now }: { id: string; actor: PlatformActor; reason: string; now: Date }) {
  const invoice = Types.ObjectId.isValid(id) ? await Invoice.findOne({ _id: id }).setOptions({ crossTenant: true }).lean<InvoiceDoc>() : null;
  if (!invoice) throw AppError.notFound('Invoice');
  if (invoice.status !== 'open') throw AppError.conflict(InvoiceMessages.notOpen(invoice.status as TInvoiceState));
  await withTransaction(async (session) => {
    const paid = await markInvoicePaid({ customerId: invoice.customerId, invoiceId: invoice._id, via: 'manual', now }, session);
    if (!paid) throw AppError.conflict(InvoiceMessages.notOpen('paid'));
    await recordPlatformAction(
      {
        action: 'invoice.mark_paid',
        actor,
        target: { kind: 'invoice', id: String(invoice._id), label: invoice.number },
        companyId: invoice.customerId,
        reason,
        detail: `${invoice.number} (${formatMoney(invoice.totalMinor, invoice.currency)}) marked paid`,
      },
      session,
    );
  });
  return presentInvoice((await Invoice.findOne({ customerId: invoice.customerId, _id: invoice._id }).lean<InvoiceDoc>())!);
}
