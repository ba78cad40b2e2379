import { Router } from 'express';

/** Subscription, promo codes, invoices (company admin and super admin). Stub: being built in issue 20. */
export const billingRouter = Router();
