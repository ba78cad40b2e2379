import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { Schema, model } from 'mongoose';
import { AuthMessages } from '@hireflow/contracts/auth';
import { ErrorCodes } from '@hireflow/contracts/error-codes';
import type { Config } from '../config';
import { AppError } from './app-error';
import { systemClock, type Clock } from './clock';

/**
 * Fixed-window counters in MongoDB, so every API instance shares them; the TTL index removes a
 * window's counter once it has passed. `expiresAt` is also checked on read, because the TTL monitor
 * runs only once a minute.
 */
const rateCounterSchema = new Schema(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true, default: 0 },
    expiresAt: { type: Date, required: true },
    // Backoff counters only: the hashed account they belong to (so one success can lift every address's
    // counter) and until when the next attempt must wait.
    group: { type: String },
    blockedUntil: { type: Date },
  },
  { versionKey: false },
);
rateCounterSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
rateCounterSchema.index({ group: 1 }, { sparse: true });
export const RateCounter = model('RateCounter', rateCounterSchema);

/**
 * At most `max` hits per `windowSeconds` for one subject (an IP address or an account). `message` says
 * what was refused, given the minutes left in the window; the default is the sign-in "Too many attempts".
 */
export type RateRule = { name: string; max: number; windowSeconds: number; message?: (minutes: number) => string };

type RateLimitOptions = Pick<Config, 'rateLimitDisabled'>;

function windowOf(rule: RateRule, now: number) {
  const ms = rule.windowSeconds * 1000;
  const index = Math.floor(now / ms);
  return { index, endsAt: new Date((index + 1) * ms) };
}

/** Subjects are hashed: counters hold no email addresses. */
const digestOf = (subject: string) => createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 22);

function counterId(rule: RateRule, subject: string, windowIndex: number) {
  return `${rule.name}:${digestOf(subject)}:${windowIndex}`;
}

function refuse(rule: RateRule, endsAt: Date, now: number): AppError {
  const minutes = Math.max(1, Math.ceil((endsAt.getTime() - now) / 60_000));
  return AppError.tooManyRequests((rule.message ?? AuthMessages.tooManyAttempts)(minutes));
}

/** Adds one to a counter, creating it with `also` applied. */
async function incrementCounter(_id: string, also: Record<string, Record<string, unknown>>) {
  const increment = () => RateCounter.findOneAndUpdate({ _id }, { $inc: { count: 1 }, ...also }, { upsert: true, returnDocument: 'after' }).lean();
  try {
    return await increment();
  } catch (error) {
    // Two instances upserting the same new counter at once: one wins, the other retries as an update.
    if ((error as { code?: number }).code !== 11000) throw error;
    return increment();
  }
}

/** Where a subject stands in the current window after a hit (for X-RateLimit-* headers). */
export type RateLimitState = { limit: number; remaining: number; resetAt: Date; exceeded: boolean; retryAfterSeconds: number };

/** Counts one hit and says where the subject stands, without refusing (null while rate limits are off). */
export async function countRateLimit(options: RateLimitOptions, rule: RateRule, subject: string): Promise<RateLimitState | null> {
  if (options.rateLimitDisabled) return null;
  const now = Date.now();
  const { index, endsAt } = windowOf(rule, now);
  const counter = await incrementCounter(counterId(rule, subject, index), { $setOnInsert: { expiresAt: endsAt } });
  const count = counter && counter.expiresAt.getTime() > now ? counter.count : 1;
  return {
    limit: rule.max,
    remaining: Math.max(0, rule.max - count),
    resetAt: endsAt,
    exceeded: count > rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt.getTime() - now) / 1000)),
  };
}

/** The 429 of a rule whose window is used up, with `details.retryAfter` (seconds) for the Retry-After header. */
export function rateLimitRefusal(rule: RateRule, state: RateLimitState): AppError {
  const plain = refuse(rule, state.resetAt, Date.now());
  return new AppError(plain.code, { message: plain.message, status: 429, details: { retryAfter: state.retryAfterSeconds } });
}

/** Counts one hit; refuses with 429 once the subject has used up the window. */
export async function hitRateLimit(options: RateLimitOptions, rule: RateRule, subject: string): Promise<void> {
  const state = await countRateLimit(options, rule, subject);
  if (state?.exceeded) throw refuse(rule, state.resetAt, Date.now());
}

/** Refuses when the subject has already used up the window, without counting a hit. */
export async function assertUnderRateLimit(options: RateLimitOptions, rule: RateRule, subject: string): Promise<void> {
  if (options.rateLimitDisabled) return;
  const now = Date.now();
  const { index, endsAt } = windowOf(rule, now);
  const counter = await RateCounter.findById(counterId(rule, subject, index)).lean();
  if (counter && counter.count >= rule.max && counter.expiresAt.getTime() > now) throw refuse(rule, endsAt, now);
}

/** Forgets the subject's hits in the current window (e.g. failed sign-ins after a success). */
export async function clearRateLimit(options: RateLimitOptions, rule: RateRule, subject: string): Promise<void> {
  if (options.rateLimitDisabled) return;
  const { index } = windowOf(rule, Date.now());
  await RateCounter.deleteOne({ _id: counterId(rule, subject, index) });
}

/** Middleware: one hit per request on each rule, keyed by the client's IP address. */
export function limitByIp(...rules: RateRule[]): RequestHandler {
  return async (req, _res, next) => {
    try {
      for (const rule of rules) await hitRateLimit(req.app.locals.config, rule, `ip:${req.ip ?? 'unknown'}`);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The subject under which limitByUser counts a user's hits. */
export const userRateSubject = (userId: unknown) => `user:${String(userId)}`;

/** Middleware behind requireAuth: one hit per request on each rule, keyed by the signed-in user. */
export function limitByUser(...rules: RateRule[]): RequestHandler {
  return async (req, _res, next) => {
    try {
      for (const rule of rules) await hitRateLimit(req.app.locals.config, rule, userRateSubject(req.auth?.userId ?? 'anonymous'));
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Growing delays for one account from one address: the first `free` attempts within `forgetAfterSeconds`
 * pass; after each further one the next must wait `baseSeconds`, then twice that, ... up to `maxSeconds`.
 * Keyed by account AND address, so someone failing on purpose slows down only themselves, never the
 * account's owner elsewhere.
 */
export type BackoffRule = { name: string; free: number; baseSeconds: number; maxSeconds: number; forgetAfterSeconds: number };

/** Who is attempting: the account (email) and the client address it is attempted from. */
export type BackoffSubject = { account: string; address: string };

type BackoffCtx = { config: RateLimitOptions; clock?: Clock };

const backoffGroup = (rule: BackoffRule, account: string) => `${rule.name}:${digestOf(`account:${account}`)}`;
const backoffId = (rule: BackoffRule, { account, address }: BackoffSubject) => `${backoffGroup(rule, account)}:${digestOf(`ip:${address}`)}`;

/** The wait after the n-th counted attempt (1-based): none within the free ones, then doubling to the cap. */
export function backoffSeconds(rule: BackoffRule, count: number): number {
  if (count <= rule.free) return 0;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(30, count - rule.free - 1));
}

function refuseFor(blockedUntil: Date, now: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((blockedUntil.getTime() - now) / 1000));
  return new AppError(ErrorCodes.tooManyRequests, { message: AuthMessages.waitBeforeRetry(retryAfter), status: 429, details: { retryAfter } });
}

/** Refuses with 429 and `details.retryAfter` (seconds) while this account+address must still wait. */
export async function assertBackoffPassed(ctx: BackoffCtx, rule: BackoffRule, subject: BackoffSubject): Promise<void> {
  if (ctx.config.rateLimitDisabled) return;
  const now = (ctx.clock ?? systemClock).now();
  const counter = await RateCounter.findById(backoffId(rule, subject)).lean();
  if (counter?.blockedUntil && counter.expiresAt.getTime() > now && counter.blockedUntil.getTime() > now) throw refuseFor(counter.blockedUntil, now);
}

/** Counts one attempt (a failure, or a mail sent) and sets the wait the next one must respect. */
export async function countBackoffAttempt(ctx: BackoffCtx, rule: BackoffRule, subject: BackoffSubject): Promise<void> {
  if (ctx.config.rateLimitDisabled) return;
  const now = (ctx.clock ?? systemClock).now();
  const _id = backoffId(rule, subject);
  // A counter whose time has passed starts again (the TTL monitor may not have removed it yet).
  await RateCounter.deleteOne({ _id, expiresAt: { $lte: new Date(now) } });
  const counter = await incrementCounter(_id, { $set: { expiresAt: new Date(now + rule.forgetAfterSeconds * 1000), group: backoffGroup(rule, subject.account) } });
  const wait = counter ? backoffSeconds(rule, counter.count) : 0;
  if (wait > 0) await RateCounter.updateOne({ _id }, { $set: { blockedUntil: new Date(now + wait * 1000) } });
}

/** Forgets one address's attempts on the account, or, without an address, every address's. */
export async function clearBackoff(ctx: BackoffCtx, rule: BackoffRule, subject: BackoffSubject | { account: string }): Promise<void> {
  if (ctx.config.rateLimitDisabled) return;
  if ('address' in subject) await RateCounter.deleteOne({ _id: backoffId(rule, subject) });
  else await RateCounter.deleteMany({ group: backoffGroup(rule, subject.account) });
}
