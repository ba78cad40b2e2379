import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import type { Logger } from 'pino';
import {
  ApiAccessLimits,
  ApiAccessMessages,
  WebhookTestEvent,
  type TWebhookDelivery,
  type TWebhookDeliveryList,
  type TWebhookEvent,
  type TWebhookView,
  type TWebhookWithSecret,
} from '@hireflow/contracts/api-access';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { runJobNow } from '../../../lib/job-queue';
import { sealSecret } from '../../../lib/secret-box';
import { loadRefs, refOf } from '../../jobs/refs';
import { WebhookDeliveryJob } from './deliver-webhook.job';
import { webhookBody } from './emit-webhook';
import { assertWebhookUrlAllowed } from './url-guard';
import { Webhook, WebhookDelivery, type WebhookDeliveryDoc, type WebhookDoc } from './webhook.model';

type Input = { url: string; events: TWebhookEvent[]; active: boolean };
type Ctx = { config: Config; logger: Logger };

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

async function presentWebhooks(customerId: Types.ObjectId, hooks: WebhookDoc[]): Promise<TWebhookView[]> {
  const [refs, lasts] = await Promise.all([
    loadRefs(customerId, { users: hooks.map((h) => h.createdBy) }),
    Promise.all(hooks.map((h) => WebhookDelivery.findOne({ customerId, webhookId: h._id }, { status: 1, responseCode: 1, createdAt: 1 }).sort({ createdAt: -1, _id: -1 }).lean<WebhookDeliveryDoc>())),
  ]);
  return hooks.map((h, i) => {
    const last = lasts[i];
    return {
      id: String(h._id),
      url: h.url,
      events: h.events as TWebhookEvent[],
      active: h.active,
      createdBy: refOf(refs.users, h.createdBy),
      createdAt: h.createdAt.toISOString(),
      updatedAt: h.updatedAt.toISOString(),
      lastDelivery: last ? { status: last.status, responseCode: last.responseCode ?? null, createdAt: last.createdAt.toISOString() } : null,
    };
  });
}

export function presentDelivery(d: WebhookDeliveryDoc): TWebhookDelivery {
  return {
    id: String(d._id),
    eventId: d.eventId,
    event: d.event,
    attempt: d.attempt,
    status: d.status,
    responseCode: d.responseCode ?? null,
    error: d.error ?? '',
    durationMs: d.durationMs ?? null,
    createdAt: d.createdAt.toISOString(),
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    attempts: (d.attempts ?? []).map((a) => ({ attempt: a.attempt ?? 0, at: (a.at ?? d.createdAt).toISOString(), responseCode: a.responseCode ?? null, error: a.error ?? '', durationMs: a.durationMs ?? null })),
    resentFrom: d.resentFrom ? String(d.resentFrom) : null,
  };
}

async function webhookOf(customerId: Types.ObjectId, id: string) {
  const hook = await Webhook.findOne({ customerId, _id: id }).lean<WebhookDoc>();
  if (!hook) throw AppError.notFound('Webhook');
  return hook;
}

export async function listWebhooks(customerId: Types.ObjectId): Promise<TWebhookView[]> {
  return presentWebhooks(customerId, await Webhook.find({ customerId }).sort({ createdAt: -1 }).lean<WebhookDoc[]>());
}

/** A new webhook; the answer carries its signing secret, shown this once. */
export async function createWebhook(customerId: Types.ObjectId, by: Types.ObjectId, input: Input, { config }: Ctx): Promise<TWebhookWithSecret> {
  await assertWebhookUrlAllowed(input.url, config.isProduction);
  if ((await Webhook.countDocuments({ customerId })) >= ApiAccessLimits.maxWebhooksPerCompany) throw AppError.conflict(ApiAccessMessages.tooManyWebhooks);
  const _id = new Types.ObjectId();
  const secret = newSecret();
  const created = await Webhook.create({ _id, customerId, url: input.url, events: [...new Set(input.events)], active: input.active, secret: sealSecret(config.tokenKey, secret, String(_id)), createdBy: by });
  const [webhook] = await presentWebhooks(customerId, [created.toObject() as WebhookDoc]);
  return { webhook: webhook!, secret };
}

export async function updateWebhook(customerId: Types.ObjectId, id: string, input: Input, { config }: Ctx): Promise<TWebhookView> {
  await webhookOf(customerId, id);
  await assertWebhookUrlAllowed(input.url, config.isProduction);
  const hook = await Webhook.findOneAndUpdate({ customerId, _id: id }, { $set: { url: input.url, events: [...new Set(input.events)], active: input.active } }, { returnDocument: 'after' }).lean<WebhookDoc>();
  if (!hook) throw AppError.notFound('Webhook');
  return (await presentWebhooks(customerId, [hook]))[0]!;
}

/** A new signing secret, shown once; deliveries from now on are signed with it. */
export async function rotateWebhookSecret(customerId: Types.ObjectId, id: string, { config }: Ctx): Promise<TWebhookWithSecret> {
  const existing = await webhookOf(customerId, id);
  const secret = newSecret();
  const hook = await Webhook.findOneAndUpdate({ customerId, _id: existing._id }, { $set: { secret: sealSecret(config.tokenKey, secret, String(existing._id)) } }, { returnDocument: 'after' }).lean<WebhookDoc>();
  if (!hook) throw AppError.notFound('Webhook');
  return { webhook: (await presentWebhooks(customerId, [hook]))[0]!, secret };
}

/** Deletes the webhook and its delivery log; pending deliveries find no webhook and stop. */
export async function deleteWebhook(customerId: Types.ObjectId, id: string): Promise<void> {
  const hook = await webhookOf(customerId, id);
  await Webhook.deleteOne({ customerId, _id: hook._id });
  await WebhookDelivery.deleteMany({ customerId, webhookId: hook._id });
}

export async function listDeliveries(customerId: Types.ObjectId, id: string, page: number): Promise<TWebhookDeliveryList> {
  const hook = await webhookOf(customerId, id);
  const pageSize = ApiAccessLimits.deliveriesPageSize;
  const filter = { customerId, webhookId: hook._id };
  const [rows, total] = await Promise.all([
    WebhookDelivery.find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * pageSize).limit(pageSize).lean<WebhookDeliveryDoc[]>(),
    WebhookDelivery.countDocuments(filter),
  ]);
  return { items: rows.map(presentDelivery), total, page, pageSize };
}

/** Sends a new delivery of the same event (same body and event id) now; retries follow in the background. */
async function sendNow(customerId: Types.ObjectId, row: { webhookId: Types.ObjectId; eventId: string; event: string; body: string; resentFrom: Types.ObjectId | null }, ctx: Ctx): Promise<TWebhookDelivery> {
  const delivery = await WebhookDelivery.create({ customerId, status: 'pending', ...row });
  await runJobNow(WebhookDeliveryJob, { customerId: String(customerId), deliveryId: String(delivery._id) }, ctx, { customerId });
  const after = await WebhookDelivery.findOne({ customerId, _id: delivery._id }).lean<WebhookDeliveryDoc>();
  return presentDelivery(after!);
}

export async function resendDelivery(customerId: Types.ObjectId, id: string, deliveryId: string, ctx: Ctx): Promise<TWebhookDelivery> {
  const hook = await webhookOf(customerId, id);
  if (!hook.active) throw AppError.conflict(ApiAccessMessages.webhookInactive);
  const original = await WebhookDelivery.findOne({ customerId, webhookId: hook._id, _id: deliveryId }).lean<WebhookDeliveryDoc>();
  if (!original) throw AppError.notFound('Delivery');
  return sendNow(customerId, { webhookId: hook._id, eventId: original.eventId, event: original.event, body: original.body, resentFrom: original._id }, ctx);
}

/** A `webhook.test` event to this webhook only, sent now, so the admin sees whether the receiver answers. */
export async function sendTestEvent(customerId: Types.ObjectId, id: string, ctx: Ctx): Promise<TWebhookDelivery> {
  const hook = await webhookOf(customerId, id);
  if (!hook.active) throw AppError.conflict(ApiAccessMessages.webhookInactive);
  const eventId = `evt_${randomBytes(12).toString('hex')}`;
  const body = webhookBody(eventId, WebhookTestEvent, new Date(), { webhookId: String(hook._id), message: 'A test event from Hireflow' });
  return sendNow(customerId, { webhookId: hook._id, eventId, event: WebhookTestEvent, body, resentFrom: null }, ctx);
}
