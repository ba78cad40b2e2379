import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { WebhookDeliveryStatuses, WebhookEvents } from '@hireflow/contracts/api-access';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A company's webhook: where to POST the events it subscribed to. The signing secret is sealed with
 * TOKEN_ENCRYPTION_KEY (lib/secret-box, bound to the webhook's id): the receiver needs it in the clear to
 * verify signatures, so it cannot be a hash; it is shown once (creation, rotation) and never listed.
 */
const webhookSchema = new Schema(
  {
    customerId: tenantField(),
    url: { type: String, required: true },
    events: { type: [String], enum: WebhookEvents, default: [] },
    secret: { type: String, required: true },
    active: { type: Boolean, default: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(webhookSchema);
webhookSchema.index({ customerId: 1, createdAt: -1 });
webhookSchema.index({ customerId: 1, active: 1, events: 1 });

export type WebhookDoc = InferSchemaType<typeof webhookSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Webhook = model('Webhook', webhookSchema);

const attemptSchema = new Schema(
  { attempt: Number, at: Date, responseCode: { type: Number, default: null }, error: { type: String, default: '' }, durationMs: { type: Number, default: null } },
  { _id: false },
);

/**
 * One event sent to one webhook (the delivery log): the exact body sent on every attempt (so the signature
 * covers the same bytes each time), each attempt's outcome, and where it stands. Kept with the webhook;
 * deleting the webhook deletes its log.
 */
const webhookDeliverySchema = new Schema(
  {
    customerId: tenantField(),
    webhookId: { type: Schema.Types.ObjectId, ref: 'Webhook', required: true },
    eventId: { type: String, required: true },
    event: { type: String, required: true },
    body: { type: String, required: true },
    status: { type: String, enum: WebhookDeliveryStatuses, default: 'pending' },
    attempt: { type: Number, default: 0 },
    responseCode: { type: Number, default: null },
    error: { type: String, default: '' },
    durationMs: { type: Number, default: null },
    nextAttemptAt: { type: Date, default: null },
    attempts: { type: [attemptSchema], default: [] },
    resentFrom: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: true },
);
tenantOwned(webhookDeliverySchema);
webhookDeliverySchema.index({ customerId: 1, webhookId: 1, createdAt: -1, _id: -1 });

export type WebhookDeliveryDoc = InferSchemaType<typeof webhookDeliverySchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const WebhookDelivery = model('WebhookDelivery', webhookDeliverySchema);
