import { Router } from 'express';
import { invoicesRouter } from './invoices/invoices.routes';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { BillingApi } from '@hireflow/contracts/billing';
import { ZApplyPromoRequest, ZPlanChangeRequest, ZPromoInput, ZPromoPatch, ZQuoteQuery } from '@hireflow/contracts/billing-subscription';
import { authOf, requireAuth, requireRight, requireSuperAdmin, tenantOf } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { createPromo, listPromos, updatePromo } from './promos/promos.service';
import { applyPromo, changePlan, getSubscription, quotePlan, removePromo } from './subscription/subscription.service';

const path = (p: string) => p.replace(/^\/api/, '');

/** Subscription, promo codes, invoices (company admin and super admin). */
export const billingRouter = Router();
billingRouter.use(invoicesRouter);

// --- the company admin's subscription (right companySettings) ---
const companyAdmin = [requireAuth, requireRight('companySettings')];

billingRouter.get(path(BillingApi.subscription), ...companyAdmin, async (req, res) => {
  res.json(await getSubscription({ customerId: tenantOf(req), config: req.app.locals.config }));
});

billingRouter.get(path(BillingApi.subscriptionQuote), ...companyAdmin, validate({ query: ZQuoteQuery }), async (req, res) => {
  const query = req.query as unknown as z.output<typeof ZQuoteQuery>;
  res.json(await quotePlan({ customerId: tenantOf(req), config: req.app.locals.config, plan: query.plan, code: query.code }));
});

billingRouter.post(path(BillingApi.subscriptionPlan), ...companyAdmin, validate({ body: ZPlanChangeRequest }), async (req, res) => {
  const { plan } = req.body as z.output<typeof ZPlanChangeRequest>;
  res.json(await changePlan({ customerId: tenantOf(req), config: req.app.locals.config, plan, userId: authOf(req).userId }));
});

billingRouter.post(path(BillingApi.subscriptionPromo), ...companyAdmin, validate({ body: ZApplyPromoRequest }), async (req, res) => {
  const { code } = req.body as z.output<typeof ZApplyPromoRequest>;
  res.json(await applyPromo({ customerId: tenantOf(req), config: req.app.locals.config, code, userId: authOf(req).userId }));
});

billingRouter.delete(path(BillingApi.subscriptionPromo), ...companyAdmin, async (req, res) => {
  res.json(await removePromo({ customerId: tenantOf(req), config: req.app.locals.config }));
});

// --- the platform super admin's promo codes (audited) ---
const superAdmin = [requireAuth, requireSuperAdmin];
const ZIdParams = z.object({ id: ZObjectId });

billingRouter.get(path(BillingApi.superadminPromos), ...superAdmin, async (_req, res) => {
  res.json({ items: await listPromos() });
});

billingRouter.post(path(BillingApi.superadminPromos), ...superAdmin, validate({ body: ZPromoInput }), async (req, res) => {
  res.status(201).json(await createPromo({ actor: authOf(req).user, input: req.body as z.output<typeof ZPromoInput> }));
});

billingRouter.patch(path(BillingApi.superadminPromo), ...superAdmin, validate({ params: ZIdParams, body: ZPromoPatch }), async (req, res) => {
  res.json(await updatePromo({ actor: authOf(req).user, id: req.params.id as string, input: req.body as z.output<typeof ZPromoPatch> }));
});
