import { randomBytes } from 'node:crypto';
import { Types, type ClientSession } from 'mongoose';
import type { TWebhookDeliveryEvent, TWebhookEvent, TWebhookPayload } from '@hireflow/contracts/api-access';
import { enqueueJob } from '../../../lib/job-queue';
import { loadPlanAccess } from '../../billing/plans';
import { Webhook, WebhookDelivery } from './webhook.model';
import { WebhookDeliveryJob, type WebhookDeliveryPayload } from './deliver-webhook.job';

export type WebhookEventInput = { customerId: Types.ObjectId; event: TWebhookEvent; data: Record<string, unknown>; at?: Date };

const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** The body every attempt of a delivery sends (stored as text, so each attempt signs the same bytes). */
export function webhookBody(eventId: string, event: TWebhookDeliveryEvent, at: Date, data: Record<string, unknown>): string {
  const payload: TWebhookPayload = { id: eventId, event, createdAt: at.toISOString(), data };
  return JSON.stringify(payload);
}

/** Stores deliveries and queues their jobs (in the session when given: they exist only if it commits). */
export async function queueDeliveries(
  customerId: Types.ObjectId,
  rows: { webhookId: Types.ObjectId; eventId: string; event: TWebhookDeliveryEvent; body: string; resentFrom?: Types.ObjectId | null }[],
  session?: ClientSession | null,
) {
  if (!rows.length) return [];
  const docs = rows.map((r) => ({ _id: new Types.ObjectId(), customerId, status: 'pending' as const, resentFrom: null, ...r }));
  await WebhookDelivery.insertMany(docs, { session: session ?? undefined });
  for (const doc of docs) {
    const payload: WebhookDeliveryPayload = { customerId: String(customerId), deliveryId: String(doc._id) };
    await enqueueJob(WebhookDeliveryJob.name, payload, { customerId, maxAttempts: WebhookDeliveryJob.maxAttempts, ...(session ? { session } : {}) });
  }
  return docs;
}

/**
 * Tells the company's webhooks subscribed to these events what happened: one delivery per active webhook
 * and event, sent by the background queue (signed, retried with backoff, logged). Call it in the transaction
 * of the change, so a change that rolls back sends nothing. A company without webhooks costs one query;
 * one whose plan no longer includes the API gets nothing.
 */
export async function emitWebhookEvents(inputs: WebhookEventInput[], session?: ClientSession | null): Promise<void> {
  if (!inputs.length) return;
  const customerId = inputs[0]!.customerId;
  const events = [...new Set(inputs.map((i) => i.event))];
  const webhooks = await Webhook.find({ customerId, active: true, events: { $in: events } }, { events: 1 }, { session: session ?? undefined }).lean();
  if (!webhooks.length) return;
  if (!(await loadPlanAccess(customerId)).features.includes('api')) return;
  const rows = inputs.flatMap((input) => {
    const eventId = newEventId();
    const body = webhookBody(eventId, input.event, input.at ?? new Date(), input.data);
    return webhooks.filter((w) => (w.events as string[]).includes(input.event)).map((w) => ({ webhookId: w._id, eventId, event: input.event, body }));
  });
  await queueDeliveries(customerId, rows, session);
}

/** One event; see emitWebhookEvents. */
export async function emitWebhookEvent(input: WebhookEventInput, session?: ClientSession | null): Promise<void> {
  await emitWebhookEvents([input], session);
}

/** Whether any active webhook of the company listens to one of these events (skip building data when none does). */
export async function anyWebhookFor(customerId: Types.ObjectId, events: TWebhookEvent[], session?: ClientSession | null): Promise<boolean> {
  if (!events.length) return false;
  return Boolean(await Webhook.exists({ customerId, active: true, events: { $in: events } }).session(session ?? null));
}
