import { Router } from 'express';
import { invoicesRouter } from './invoices/invoices.routes';

/** Subscription, promo codes, invoices (company admin and super admin). Stub: being built in issue 20. */
export const billingRouter = Router();
billingRouter.use(invoicesRouter);
