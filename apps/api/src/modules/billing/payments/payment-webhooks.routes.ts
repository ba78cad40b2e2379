import express, { Router } from 'express';
import type Stripe from 'stripe';
import { BillingApi } from '@hireflow/contracts/billing';
import { AppError } from '../../../lib/app-error';
import { clockOf } from '../../../lib/clock';
import type { Config } from '../../../config';
import { stripeClient } from './stripe-client';
import { handleStripeEvent } from './stripe-events';

const path = (p: string) => p.replace(/^\/api/, '');

/** The payment provider's webhooks; mounted before JSON parsing (signatures are checked over the raw body). */
export const paymentWebhooksRouter = Router();

/** Stripe's events, verified with the signing secret (STRIPE_WEBHOOK_SECRET): a forged or stale signature is refused with 400 and changes nothing. */
paymentWebhooksRouter.post(path(BillingApi.stripeWebhook), express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
  const config = req.app.locals.config as Config;
  if (!config.stripe) throw AppError.notFound('Stripe webhook');
  const signature = req.header('stripe-signature') ?? '';
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  let event: Stripe.Event;
  try {
    event = stripeClient(config).webhooks.constructEvent(body, signature, config.stripe.webhookSecret);
  } catch {
    throw AppError.badRequest('The Stripe signature is missing, forged or too old');
  }
  const outcome = await handleStripeEvent(event, new Date(clockOf(req).now()));
  req.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
  res.json({ received: true });
});
