import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { PublicApiRateLimit } from '@hireflow/contracts/api-access';

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Loopback unless told otherwise: a laptop's dev server (and its dev mailbox) is not on the network.
    HOST: z.string().min(1).default('127.0.0.1'),
    MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://').optional(),
    DATA_DIR: z.string().default('./data'),
    EMBEDDED_DB: z.enum(['thread', 'in-process']).default('thread'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JWT_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
    BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().default('Hireflow <no-reply@hireflow.local>'),
    PUBLIC_URL: z.string().url('must be a URL such as http://localhost:3000').optional(),
    HELP_SITE_URL: z.string().url('must be a URL').default('https://help.hireflow.local'),
    CAPTCHA_TEST_TEXT: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_AUTH_URL: z.string().url('must be a URL').default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.string().url('must be a URL').default('https://oauth2.googleapis.com/token'),
    GOOGLE_REVOKE_URL: z.string().url('must be a URL').default('https://oauth2.googleapis.com/revoke'),
    GOOGLE_JWKS_URL: z.string().url('must be a URL').default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com'),
    GOOGLE_API_URL: z.string().url('must be a URL').default('https://www.googleapis.com'),
    MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
    MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
    MICROSOFT_AUTHORITY: z.string().url('must be a URL').refine((u) => u.startsWith('https://'), 'must be an https:// URL').default('https://login.microsoftonline.com/common'),
    MICROSOFT_ISSUER: z.string().min(1).default('https://login.microsoftonline.com/{tenantid}/v2.0'),
    MICROSOFT_JWKS_URL: z.string().url('must be a URL').default('https://login.microsoftonline.com/common/discovery/v2.0/keys'),
    MICROSOFT_GRAPH_URL: z.string().url('must be a URL').default('https://graph.microsoft.com/v1.0'),
    OAUTH_EXTRA_CA_FILE: z.string().min(1).optional(),
    TOKEN_ENCRYPTION_KEY: z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 random bytes in base64 (openssl rand -base64 32)').optional(),
    // Stripe (billing): both keys switch payments from manual to Stripe; STRIPE_API_URL points tests at a local peer.
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_URL: z.string().url('must be a URL').default('https://api.stripe.com'),
    RATE_LIMIT_DISABLED: z.enum(['true', 'false']).default('false'),
    // Public API (/api/v1): requests per API key per minute.
    PUBLIC_API_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(PublicApiRateLimit.max),
    TRUST_PROXY: z.string().default('loopback'),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
    JOB_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    if (!env.TOKEN_ENCRYPTION_KEY) ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'is required when NODE_ENV=production' });
    if (env.OAUTH_EXTRA_CA_FILE) ctx.addIssue({ code: 'custom', path: ['OAUTH_EXTRA_CA_FILE'], message: 'must not be set when NODE_ENV=production' });
    if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when NODE_ENV=production' });
    if (env.CAPTCHA_TEST_TEXT) ctx.addIssue({ code: 'custom', path: ['CAPTCHA_TEST_TEXT'], message: 'must not be set when NODE_ENV=production' });
    if (env.RATE_LIMIT_DISABLED === 'true') ctx.addIssue({ code: 'custom', path: ['RATE_LIMIT_DISABLED'], message: 'must not be true when NODE_ENV=production' });
  });

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad variable stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    mongodbUri: e.MONGODB_URI,
    dataDir,
    // Without MONGODB_URI: the embedded database on a worker thread of its own, or (for comparison) on the API's loop.
    embeddedDb: e.EMBEDDED_DB,
    jwtSecret: e.JWT_SECRET ?? localJwtSecret(dataDir),
    jwtTtlHours: e.JWT_TTL_HOURS,
    bcryptCost: e.BCRYPT_COST,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    helpSiteUrl: e.HELP_SITE_URL,
    captchaTestText: e.CAPTCHA_TEST_TEXT,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    // A provider is configured when both its client id and secret are set; until then its buttons stay hidden.
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, authUrl: e.GOOGLE_AUTH_URL, tokenUrl: e.GOOGLE_TOKEN_URL, revokeUrl: e.GOOGLE_REVOKE_URL, jwksUrl: e.GOOGLE_JWKS_URL, issuer: e.GOOGLE_ISSUER, apiUrl: e.GOOGLE_API_URL.replace(/\/$/, '') }
      : null,
    microsoft: e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
      ? { clientId: e.MICROSOFT_CLIENT_ID, clientSecret: e.MICROSOFT_CLIENT_SECRET, authority: e.MICROSOFT_AUTHORITY.replace(/\/$/, ''), issuer: e.MICROSOFT_ISSUER, jwksUrl: e.MICROSOFT_JWKS_URL, graphUrl: e.MICROSOFT_GRAPH_URL.replace(/\/$/, '') }
      : null,
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL.replace(/\/$/, '') } : null,
    // Local mock providers only: a PEM certificate to trust for the identity providers' HTTPS endpoints.
    oauthExtraCaFile: e.OAUTH_EXTRA_CA_FILE ?? null,
    // AES-256-GCM key for OAuth tokens at rest; generated into the data dir for local runs.
    tokenKey: Buffer.from(e.TOKEN_ENCRYPTION_KEY ?? localTokenKey(dataDir), 'base64'),
    rateLimitDisabled: e.RATE_LIMIT_DISABLED === 'true',
    publicApiRateLimit: e.PUBLIC_API_RATE_LIMIT,
    // Express "trust proxy": which hops may set X-Forwarded-For (per-IP rate limits depend on it).
    trustProxy: /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    // Background jobs (lib/job-queue): jobs run at once per process, how often idle workers look for due jobs, lease length.
    jobConcurrency: e.JOB_CONCURRENCY,
    jobPollMs: e.JOB_POLL_MS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
  };
}

/** The local profile keeps a generated token key in the data dir, so stored connections survive a restart. */
function localTokenKey(dataDir: string): string {
  const file = path.join(dataDir, 'token-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** The local profile keeps a generated secret in the data dir, so sessions survive a restart. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
