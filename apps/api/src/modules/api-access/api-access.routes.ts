import { Router } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { ApiAccessApi, ZApiKeyCreate, ZWebhookDeliveryQuery, ZWebhookInput } from '@hireflow/contracts/api-access';
import { authOf, requireAuth, requireRight, tenantOf } from '../../lib/auth';
import { limitByUser, type RateRule } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { requirePlanFeature } from '../billing/plans';
import { onOfferAccepted } from '../offers/offer-accepted-hooks';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import { emitOfferAccepted } from './webhooks/event-data';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks/webhooks.service';

const path = (p: string) => p.replace(/^\/api/, '');

// offer.accepted is sent from the acceptance's own transaction (offers/offer-accepted-hooks).
onOfferAccepted(emitOfferAccepted);

/** API keys and webhooks (company-settings/external-api-settings): right manageApiKeys, plans with the API. */
export const apiAccessRouter = Router();
apiAccessRouter.use([path(ApiAccessApi.keys), path(ApiAccessApi.webhooks)], requireAuth, requireRight('manageApiKeys'), requirePlanFeature('api'));

// Test events and resends make a request to the receiver at once: a few a minute per user is plenty.
const sendNowLimit: RateRule = { name: 'webhook-send-now', max: 20, windowSeconds: 60, message: (m) => `Too many test events and resends. Try again in ${m} minute${m === 1 ? '' : 's'}.` };

const ZIdParams = z.object({ id: ZObjectId });
const ZDeliveryParams = ZIdParams.extend({ deliveryId: ZObjectId });
type Body<T extends z.ZodType> = z.output<T>;
const ctxOf = (req: { app: { locals: { config: import('../../config').Config } }; log: import('pino').Logger }) => ({ config: req.app.locals.config, logger: req.log });

apiAccessRouter.get(path(ApiAccessApi.keys), async (req, res) => {
  res.json({ items: await listApiKeys(tenantOf(req)) });
});

apiAccessRouter.post(path(ApiAccessApi.keys), validate({ body: ZApiKeyCreate }), async (req, res) => {
  res.status(201).json(await createApiKey(tenantOf(req), authOf(req).userId, req.body as Body<typeof ZApiKeyCreate>));
});

apiAccessRouter.delete(path(ApiAccessApi.key), validate({ params: ZIdParams }), async (req, res) => {
  res.json(await revokeApiKey(tenantOf(req), authOf(req).userId, req.params.id as string));
});

apiAccessRouter.get(path(ApiAccessApi.webhooks), async (req, res) => {
  res.json({ items: await listWebhooks(tenantOf(req)) });
});

apiAccessRouter.post(path(ApiAccessApi.webhooks), validate({ body: ZWebhookInput }), async (req, res) => {
  res.status(201).json(await createWebhook(tenantOf(req), authOf(req).userId, req.body as Body<typeof ZWebhookInput>, ctxOf(req)));
});

apiAccessRouter.put(path(ApiAccessApi.webhook), validate({ params: ZIdParams, body: ZWebhookInput }), async (req, res) => {
  res.json(await updateWebhook(tenantOf(req), req.params.id as string, req.body as Body<typeof ZWebhookInput>, ctxOf(req)));
});

apiAccessRouter.delete(path(ApiAccessApi.webhook), validate({ params: ZIdParams }), async (req, res) => {
  await deleteWebhook(tenantOf(req), req.params.id as string);
  res.status(204).end();
});

apiAccessRouter.post(path(ApiAccessApi.webhookRotateSecret), validate({ params: ZIdParams }), async (req, res) => {
  res.json(await rotateWebhookSecret(tenantOf(req), req.params.id as string, ctxOf(req)));
});

apiAccessRouter.get(path(ApiAccessApi.webhookDeliveries), validate({ params: ZIdParams, query: ZWebhookDeliveryQuery }), async (req, res) => {
  res.json(await listDeliveries(tenantOf(req), req.params.id as string, (req.query as unknown as Body<typeof ZWebhookDeliveryQuery>).page));
});

apiAccessRouter.post(path(ApiAccessApi.webhookResend), limitByUser(sendNowLimit), validate({ params: ZDeliveryParams }), async (req, res) => {
  res.json(await resendDelivery(tenantOf(req), req.params.id as string, req.params.deliveryId as string, ctxOf(req)));
});

apiAccessRouter.post(path(ApiAccessApi.webhookTest), limitByUser(sendNowLimit), validate({ params: ZIdParams }), async (req, res) => {
  res.json(await sendTestEvent(tenantOf(req), req.params.id as string, ctxOf(req)));
});
