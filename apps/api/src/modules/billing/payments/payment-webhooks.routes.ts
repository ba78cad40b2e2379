import { Router } from 'express';

/** The payment provider's webhooks; mounted before JSON parsing (signatures are checked over the raw body). Stub: being built in issue 20. */
export const paymentWebhooksRouter = Router();
