import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ApiKeyFormat, ApiScopeLabels, ApiScopes, PublicApiRateLimit } from '@hireflow/contracts/api-access';
import { RateLimitHeaders, ZPublicApiError } from '@hireflow/contracts/public-api';
import { publicApiOperations, scopeOf } from './public-api.operations';

const SecurityScheme = 'apiKey';

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ZPublicApiError } } });

const rateHeaders = {
  [RateLimitHeaders.limit]: { description: 'Requests this key may make per minute', schema: { type: 'integer' as const } },
  [RateLimitHeaders.remaining]: { description: 'Requests left in the current minute', schema: { type: 'integer' as const } },
  [RateLimitHeaders.reset]: { description: 'When the current minute ends (Unix seconds)', schema: { type: 'integer' as const } },
};

const CommonErrors = {
  400: errorAnswer('The request is not valid: `details` lists the fields at fault as [{ path, message }]'),
  401: errorAnswer('No API key, a malformed, unknown or revoked one, or the company is not active'),
  403: errorAnswer("The key lacks the operation's scope (`forbidden`), the company's plan does not include the API (`plan_required`), or the key's creator is no longer active or may not do this"),
  429: {
    ...errorAnswer('This key made too many requests this minute'),
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' as const } }, ...rateHeaders },
  },
};

const SpecificErrors = {
  404: errorAnswer("No such id in the key's company (another company's ids are not found either)"),
  409: errorAnswer('The change conflicts with the current state (already on the job, email taken, moved meanwhile...)'),
};

/** The OpenAPI 3.1 document of the public API, generated from the contracts' zod schemas. */
export function buildOpenApiDocument(serverUrl = '/') {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', SecurityScheme, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'hf_live_<prefix>_<secret>',
    description: `An API key from Company settings > External API settings, sent as \`Authorization: Bearer <key>\` (pattern ${ApiKeyFormat.source}). Scopes: ${ApiScopes.map((s) => `\`${s}\` (${ApiScopeLabels[s]})`).join(', ')}.`,
  });
  for (const op of publicApiOperations) {
    const scope = scopeOf(op);
    registry.registerPath({
      operationId: op.id,
      method: op.method,
      path: op.path,
      tags: [op.tag],
      summary: op.summary,
      description: `${op.description}\n\n**Scope:** \`${scope}\` (${ApiScopeLabels[scope]}).`,
      security: [{ [SecurityScheme]: [] }],
      'x-scopes': [scope],
      request: {
        ...(op.params ? { params: op.params } : {}),
        ...(op.query ? { query: op.query } : {}),
        ...(op.body ? { body: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
      },
      responses: {
        [op.status]: { description: op.status === 201 ? 'Created' : 'OK', headers: rateHeaders, content: { 'application/json': { schema: op.response } } },
        ...CommonErrors,
        ...Object.fromEntries(op.errors.map((code) => [code, SpecificErrors[code]])),
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Hireflow public API',
      version: '1.0.0',
      description:
        `Jobs, candidates, applications and stage moves of one company, for its own systems. Every call needs an API key (bearer) with the operation's scope; the company's plan must include the API. ` +
        `Each key may make ${PublicApiRateLimit.max} requests per minute (X-RateLimit-* headers on every answer; 429 with Retry-After beyond). ` +
        `A key acts as the user who created it: it sees what they see, and changes it makes are recorded as theirs. Errors answer \`{ code, message, details? }\`.`,
    },
    servers: [{ url: serverUrl }],
    security: [{ [SecurityScheme]: [] }],
  });
}
