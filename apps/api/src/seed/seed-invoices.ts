import { Customer } from '../modules/org/customer.model';
import { Invoice } from '../modules/billing/invoices/invoice.model';
import { issueInvoice, periodOf } from '../modules/billing/invoices/invoice-generation';
import { markInvoicePaid } from '../modules/billing/invoices/invoices.service';

const DayMs = 86_400_000;

/**
 * Acme's last months of invoices, issued by the monthly generator on a fake clock (the first of each month):
 * the earlier ones paid by bank transfer a few days later, this month's still open. Acme gets a Dutch
 * address first if its profile has none, so the invoices show an address and 21% tax. Runs once.
 */
export async function seedInvoices({ now = new Date(), months = 4 }: { now?: Date; months?: number } = {}) {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer || (await Invoice.exists({ customerId: customer._id }))) return;
  if (!customer.profile?.address?.country) {
    await Customer.updateOne(
      { _id: customer._id },
      { $set: { 'profile.address': { line1: 'Keizersgracht 123', line2: '', city: 'Amsterdam', region: 'Noord-Holland', postalCode: '1015 CJ', country: 'NL' } } },
    );
  }
  for (let back = months; back >= 0; back -= 1) {
    const issuedAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1, 6));
    const invoice = await issueInvoice(customer._id, periodOf(issuedAt), issuedAt);
    if (invoice && back > 0) await markInvoicePaid({ customerId: customer._id, invoiceId: invoice._id, via: 'manual', now: new Date(issuedAt.getTime() + 5 * DayMs) });
  }
}
