// ---------------------------------------------------------------------------------------------
// API access (company-settings/external-api-settings, right manageApiKeys): API keys with scopes for
// the public API under /api/v1, and webhooks that tell the company's systems what happened.
// No zod here for the constants the public API's middleware and the SPA share; schemas below.
// ---------------------------------------------------------------------------------------------

import { z } from 'zod';
import { ZUserRef, zText } from './common';

export const ApiScopes = ['jobs:read', 'candidates:read', 'candidates:write', 'applications:read', 'applications:write'] as const;
export type TApiScope = (typeof ApiScopes)[number];

export const ApiScopeLabels: Record<TApiScope, string> = {
  'jobs:read': 'Read jobs',
  'candidates:read': 'Read candidates',
  'candidates:write': 'Create and update candidates',
  'applications:read': 'Read applications',
  'applications:write': 'Create applications and move them between stages',
};

/**
 * An API key as the caller sends it: `Authorization: Bearer hf_live_<prefix>_<secret>`. The prefix
 * (8 characters) names the key in lists and finds it; only a hash of the whole key is stored.
 */
export const ApiKeyFormat = /^hf_live_([A-Za-z0-9]{8})_([A-Za-z0-9_-]{32,})$/;

export const WebhookEvents = ['application.created', 'application.moved', 'offer.accepted', 'candidate.hired'] as const;
export type TWebhookEvent = (typeof WebhookEvents)[number];

export const WebhookEventLabels: Record<TWebhookEvent, string> = {
  'application.created': 'A candidate applied or was added to a job',
  'application.moved': 'An application moved to another stage',
  'offer.accepted': 'A candidate accepted an offer',
  'candidate.hired': 'A candidate was hired',
};

/** Receivers verify `Hireflow-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret>`. */
export const WebhookSignatureHeader = 'Hireflow-Signature';

export const ApiAccessApi = {
  keys: '/api/api-keys',
  key: '/api/api-keys/:id',
  webhooks: '/api/webhooks',
  webhook: '/api/webhooks/:id',
  webhookDeliveries: '/api/webhooks/:id/deliveries',
  webhookResend: '/api/webhooks/:id/deliveries/:deliveryId/resend',
  webhookTest: '/api/webhooks/:id/test',
  /** A new secret, shown once; the old one stops signing at once. */
  webhookRotateSecret: '/api/webhooks/:id/rotate-secret',
} as const;

export const PublicApiBase = '/api/v1';
export const ApiDocsPaths = { page: '/api/docs', document: '/api/docs/openapi.json' } as const;

/** Requests per key per minute on the public API. */
export const PublicApiRateLimit = { max: 120, windowSeconds: 60 } as const;

// ---------------------------------------------------------------------------------------------
// Schemas of company-settings/external-api-settings (keys and webhooks).
// ---------------------------------------------------------------------------------------------

export const ApiAccessLimits = { maxKeysPerCompany: 50, maxWebhooksPerCompany: 20, deliveriesPageSize: 25, urlMaxLength: 2000, deliveryTimeoutMs: 10_000 } as const;

export const ZApiKeyCreate = z.object({
  name: zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(80, { error: 'is too long' }),
  scopes: z.array(z.enum(ApiScopes, { error: 'is not a known scope' })).min(1, { error: 'choose at least one scope' }),
});
export type TApiKeyCreate = z.input<typeof ZApiKeyCreate>;

export const ZApiKeyItem = z.object({
  id: z.string(),
  name: z.string(),
  /** The public 8 characters that name the key (hf_live_<prefix>_...). */
  prefix: z.string(),
  scopes: z.array(z.enum(ApiScopes)),
  createdBy: ZUserRef.nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKeyItem = z.infer<typeof ZApiKeyItem>;
export const ZApiKeyList = z.object({ items: z.array(ZApiKeyItem) });
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

/** The answer to creating a key: the whole key, shown this once and never again (only its hash is kept). */
export const ZApiKeyCreated = z.object({ key: ZApiKeyItem, fullKey: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** The event of "Send test event": delivered only to the webhook tested, never to subscribers. */
export const WebhookTestEvent = 'webhook.test';
export type TWebhookDeliveryEvent = TWebhookEvent | typeof WebhookTestEvent;

export const ZWebhookUrl = z
  .string()
  .trim()
  .max(ApiAccessLimits.urlMaxLength, { error: 'is too long' })
  // A scheme, a host (a name or a bracketed IPv6 address, no user:password@), an optional port, then anything.
  .regex(/^https?:\/\/(\[[0-9a-f:.]+\]|[^\s/?#@:[\]]+)(:\d{1,5})?([/?#]\S*)?$/i, { error: 'must be a full https:// address' });

export const ZWebhookInput = z.object({
  url: ZWebhookUrl,
  events: z.array(z.enum(WebhookEvents, { error: 'is not a known event' })).min(1, { error: 'choose at least one event' }),
  active: z.boolean().default(true),
});
export type TWebhookInput = z.input<typeof ZWebhookInput>;

export const ZWebhookView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WebhookEvents)),
  active: z.boolean(),
  createdBy: ZUserRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The last delivery's outcome, for the list. */
  lastDelivery: z.object({ status: z.enum(['pending', 'succeeded', 'failed']), responseCode: z.number().nullable(), createdAt: z.string() }).nullable(),
});
export type TWebhookView = z.infer<typeof ZWebhookView>;
export const ZWebhookList = z.object({ items: z.array(ZWebhookView) });
export type TWebhookList = z.infer<typeof ZWebhookList>;

/** Creating a webhook or rotating its secret answers the signing secret, shown this once. */
export const ZWebhookWithSecret = z.object({ webhook: ZWebhookView, secret: z.string() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const WebhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof WebhookDeliveryStatuses)[number];

export const ZWebhookAttempt = z.object({ attempt: z.number(), at: z.string(), responseCode: z.number().nullable(), error: z.string(), durationMs: z.number().nullable() });

export const ZWebhookDelivery = z.object({
  id: z.string(),
  /** The event's id (the payload's `id`): the same for a resend, so receivers can skip repeats. */
  eventId: z.string(),
  event: z.string(),
  /** Attempts made so far (the latest one's outcome below). */
  attempt: z.number(),
  status: z.enum(WebhookDeliveryStatuses),
  responseCode: z.number().nullable(),
  error: z.string(),
  durationMs: z.number().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(ZWebhookAttempt),
  resentFrom: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const ZWebhookDeliveryList = z.object({ items: z.array(ZWebhookDelivery), total: z.number(), page: z.number(), pageSize: z.number() });
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;

/** What a receiver gets: the POST body (JSON) of every delivery. */
export type TWebhookPayload = { id: string; event: TWebhookDeliveryEvent; createdAt: string; data: Record<string, unknown> };

export const ApiAccessMessages = {
  urlNotHttps: 'Webhook addresses must use https://',
  urlNotPublic: (host: string) => `${host} is not a public internet address: webhooks can only be delivered to public servers`,
  urlNotResolved: (host: string) => `${host} could not be found (DNS)`,
  tooManyKeys: `A company can have at most ${ApiAccessLimits.maxKeysPerCompany} active API keys. Revoke one you no longer use.`,
  tooManyWebhooks: `A company can have at most ${ApiAccessLimits.maxWebhooksPerCompany} webhooks. Delete one you no longer use.`,
  keyAlreadyRevoked: 'This API key was already revoked',
  webhookInactive: 'This webhook is turned off: turn it on to send to it',
} as const;
