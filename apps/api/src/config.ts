import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

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
    GOOGLE_CLIENT_ID: z.string().optional(),
    MICROSOFT_CLIENT_ID: z.string().optional(),
    RATE_LIMIT_DISABLED: z.enum(['true', 'false']).default('false'),
    TRUST_PROXY: z.string().default('loopback'),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
    JOB_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
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
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    microsoftClientId: e.MICROSOFT_CLIENT_ID ?? null,
    rateLimitDisabled: e.RATE_LIMIT_DISABLED === 'true',
    // Express "trust proxy": which hops may set X-Forwarded-For (per-IP rate limits depend on it).
    trustProxy: /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    // Background jobs (lib/job-queue): jobs run at once per process, how often idle workers look for due jobs, lease length.
    jobConcurrency: e.JOB_CONCURRENCY,
    jobPollMs: e.JOB_POLL_MS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
  };
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
