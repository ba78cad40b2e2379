import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { Schema, model } from 'mongoose';
import { AuthMessages } from '@hireflow/contracts/auth';
import type { Config } from '../config';
import { AppError } from './app-error';

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
  },
  { versionKey: false },
);
rateCounterSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
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
function counterId(rule: RateRule, subject: string, windowIndex: number) {
  const digest = createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 22);
  return `${rule.name}:${digest}:${windowIndex}`;
}

function refuse(rule: RateRule, endsAt: Date, now: number): AppError {
  const minutes = Math.max(1, Math.ceil((endsAt.getTime() - now) / 60_000));
  return AppError.tooManyRequests((rule.message ?? AuthMessages.tooManyAttempts)(minutes));
}

/** Counts one hit; refuses with 429 once the subject has used up the window. */
export async function hitRateLimit(options: RateLimitOptions, rule: RateRule, subject: string): Promise<void> {
  if (options.rateLimitDisabled) return;
  const now = Date.now();
  const { index, endsAt } = windowOf(rule, now);
  const _id = counterId(rule, subject, index);
  const increment = () =>
    RateCounter.findOneAndUpdate({ _id }, { $inc: { count: 1 }, $setOnInsert: { expiresAt: endsAt } }, { upsert: true, returnDocument: 'after' }).lean();
  let counter;
  try {
    counter = await increment();
  } catch (error) {
    // Two instances upserting the same new window at once: one wins, the other retries as an update.
    if ((error as { code?: number }).code !== 11000) throw error;
    counter = await increment();
  }
  if (counter && counter.count > rule.max && counter.expiresAt.getTime() > now) throw refuse(rule, endsAt, now);
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
