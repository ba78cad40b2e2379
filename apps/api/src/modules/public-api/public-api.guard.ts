import type { Request, RequestHandler } from 'express';
import { PublicApiRateLimit, type TApiScope } from '@hireflow/contracts/api-access';
import { RateLimitHeaders } from '@hireflow/contracts/public-api';
import { AppError } from '../../lib/app-error';
import { apiKeyAuthOf, requireApiKey } from '../../lib/auth';
import { countRateLimit, rateLimitRefusal, type RateRule } from '../../lib/rate-limit';
import { requirePlanFeature } from '../billing/plans';
import { User, type UserDoc } from '../users/user.model';

export const PublicApiMessages = {
  creatorInactive: 'The user who created this API key is no longer active. Ask an admin for a new key.',
  rateLimited: (minutes: number) => `This API key has made too many requests. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
} as const;

/** The rule of the per-key limit; `max` comes from config (PUBLIC_API_RATE_LIMIT, default PublicApiRateLimit.max). */
export const publicApiRateRule = (max: number): RateRule => ({ name: 'apikey', max, windowSeconds: PublicApiRateLimit.windowSeconds, message: PublicApiMessages.rateLimited });

/** The subject a key's requests are counted under. */
export const apiKeyRateSubject = (keyId: unknown) => `apikey:${String(keyId)}`;

/** One hit per request on the key's counter; every answer says where the key stands (X-RateLimit-*), a refusal also when to retry. */
const limitByApiKey: RequestHandler = async (req, res, next) => {
  try {
    const rule = publicApiRateRule(req.app.locals.config.publicApiRateLimit);
    const state = await countRateLimit(req.app.locals.config, rule, apiKeyRateSubject(apiKeyAuthOf(req).key._id));
    if (state) {
      res.setHeader(RateLimitHeaders.limit, String(state.limit));
      res.setHeader(RateLimitHeaders.remaining, String(state.remaining));
      res.setHeader(RateLimitHeaders.reset, String(Math.ceil(state.resetAt.getTime() / 1000)));
      if (state.exceeded) throw rateLimitRefusal(rule, state);
    }
    next();
  } catch (error) {
    next(error);
  }
};

const actors = new WeakMap<Request, UserDoc>();

/** Changes made with a key are made by its creator (histories say who), who must still be an active user of the company. */
const loadKeyActor: RequestHandler = async (req, _res, next) => {
  try {
    const { key, customerId } = apiKeyAuthOf(req);
    const user = (await User.findOne({ customerId, _id: key.createdBy }).lean()) as UserDoc | null;
    if (!user || user.status !== 'active') throw AppError.forbidden(PublicApiMessages.creatorInactive);
    actors.set(req, user);
    next();
  } catch (error) {
    next(error);
  }
};

/** The user a public API call acts as (the key's creator); only valid behind publicApiGuard. */
export function apiActorOf(req: Request): { user: UserDoc; customerId: NonNullable<UserDoc['customerId']> } {
  const user = actors.get(req);
  if (!user) throw AppError.unauthorized('Send an API key as "Authorization: Bearer hf_live_..."');
  return { user, customerId: apiKeyAuthOf(req).customerId };
}

/**
 * Every /api/v1 call: a valid key with the scope (401/403), the company's plan includes the API (403
 * plan_required), the key under its rate limit (429), and the key's creator still active (403).
 */
export function publicApiGuard(scope: TApiScope): RequestHandler[] {
  return [requireApiKey(scope), requirePlanFeature('api'), limitByApiKey, loadKeyActor];
}
