// ---------------------------------------------------------------------------------------------
// API access (company-settings/external-api-settings, right manageApiKeys): API keys with scopes for
// the public API under /api/v1, and webhooks that tell the company's systems what happened.
// No zod here for the constants the public API's middleware and the SPA share; schemas below.
// ---------------------------------------------------------------------------------------------

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
} as const;

export const PublicApiBase = '/api/v1';
export const ApiDocsPaths = { page: '/api/docs', document: '/api/docs/openapi.json' } as const;

/** Requests per key per minute on the public API. */
export const PublicApiRateLimit = { max: 120, windowSeconds: 60 } as const;
