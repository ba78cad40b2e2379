import type { Request } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { clockOf, type Clock } from '../../lib/clock';

/** What the auth services need from the request, and nothing else of it. */
export type AuthCtx = { config: Config; logger: Logger; ip: string; userAgent: string; clock: Clock };

export function authCtxOf(req: Request): AuthCtx {
  return {
    config: req.app.locals.config,
    logger: req.log,
    ip: req.ip ?? '',
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    clock: clockOf(req),
  };
}
