import { Router, type Request } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { BillingApi } from '@hireflow/contracts/billing';
import { Paths } from '@hireflow/contracts/routes';
import { ZInvoiceListQuery, ZMarkInvoicePaidRequest, ZSuperadminInvoiceListQuery } from '@hireflow/contracts/billing-invoices';
import { authOf, requireAuth, requireRight, requireSuperAdmin, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { limitByUser } from '../../../lib/rate-limit';
import { validate } from '../../../lib/validate';
import type { Config } from '../../../config';
import { getInvoice, invoicePdf, listAllInvoices, listInvoices, markInvoicePaidBySuperadmin, payInvoice } from './invoices.service';

const path = (p: string) => p.replace(/^\/api/, '');
const ZIdParams = z.object({ id: ZObjectId });
const configOf = (req: Request) => req.app.locals.config as Config;

// A PDF costs a render; checkout sessions cost a call to the provider.
const pdfLimit = { name: 'user-invoice-pdf', max: 60, windowSeconds: 60, message: (m: number) => `Too many invoice downloads. Please wait ${m} minute${m === 1 ? '' : 's'}.` };
const payLimit = { name: 'user-invoice-pay', max: 20, windowSeconds: 600, message: (m: number) => `Too many payment attempts. Please wait ${m} minutes.` };

/** A company's invoices (right companySettings, its own only) and the super admin's view of everyone's. */
export const invoicesRouter = Router();
const company = [requireAuth, requireRight('companySettings')];

invoicesRouter.get(path(BillingApi.invoices), ...company, validate({ query: ZInvoiceListQuery }), async (req, res) => {
  const { page } = req.query as unknown as z.output<typeof ZInvoiceListQuery>;
  res.json(await listInvoices({ customerId: tenantOf(req), page, config: configOf(req) }));
});

invoicesRouter.get(path(BillingApi.invoice), ...company, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getInvoice({ customerId: tenantOf(req), id: String(req.params.id) }));
});

invoicesRouter.get(path(BillingApi.invoicePdf), ...company, limitByUser(pdfLimit), validate({ params: ZIdParams }), async (req, res) => {
  const { pdf, filename } = await invoicePdf({ customerId: tenantOf(req), id: String(req.params.id) });
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.\- ]/g, '_')}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(pdf);
});

invoicesRouter.post(path(BillingApi.invoicePay), ...company, limitByUser(payLimit), validate({ params: ZIdParams }), async (req, res) => {
  const config = configOf(req);
  res.json(await payInvoice({ customerId: tenantOf(req), id: String(req.params.id), config, returnUrl: `${config.publicUrl}${Paths.billing}` }));
});

const superadmin = [requireAuth, requireSuperAdmin];

invoicesRouter.get(path(BillingApi.superadminInvoices), ...superadmin, validate({ query: ZSuperadminInvoiceListQuery }), async (req, res) => {
  res.json(await listAllInvoices(req.query as unknown as z.output<typeof ZSuperadminInvoiceListQuery>));
});

invoicesRouter.post(path(BillingApi.superadminInvoiceMarkPaid), ...superadmin, validate({ params: ZIdParams, body: ZMarkInvoicePaidRequest }), async (req, res) => {
  const { reason } = req.body as z.output<typeof ZMarkInvoicePaidRequest>;
  res.json(await markInvoicePaidBySuperadmin({ id: String(req.params.id), actor: authOf(req).user, reason, now: new Date(clockOf(req).now()) }));
});
