import type { ClientSession, Types } from 'mongoose';
import type { TWebhookEvent } from '@hireflow/contracts/api-access';

export type WebhookEventInput = { customerId: Types.ObjectId; event: TWebhookEvent; data: Record<string, unknown>; at?: Date };

/**
 * Tells the company's webhooks subscribed to this event what happened: one delivery per webhook, sent by
 * the background queue (signed, retried with backoff, logged). Call it in the transaction of the change, so
 * a change that rolls back sends nothing. Stub: being built in issue 20.
 */
export async function emitWebhookEvent(_input: WebhookEventInput, _session?: ClientSession | null): Promise<void> {}
