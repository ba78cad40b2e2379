import type { Request } from 'express';

/** The time source of rules that depend on elapsed time; tests put a fake one in `app.locals.clock`. */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };

export function clockOf(req: Request): Clock {
  return (req.app.locals.clock as Clock | undefined) ?? systemClock;
}
