import type { Request, RequestHandler } from 'express';
import type { QueryOptions } from 'mongoose';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Aborts when the client closes the connection before the whole answer is out (see clientGone). */
      signal: AbortSignal;
    }
  }
}

/** The reason a request's signal carries: nobody is waiting for the answer any more. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the connection before the answer');
    this.name = 'ClientGoneError';
  }
}

/** Requests not started because their client had already left (what the tests and an operator can see). */
export const clientGoneStats = { notStarted: 0 };

/**
 * Under load a request can wait a long time (behind others on the event loop, or behind its own sign-in
 * check) and its client can give up meanwhile: the work would be thrown away. This gives every request
 * `req.signal`, aborted with a ClientGoneError when the response closes unfinished, and does not start a
 * request whose client has already left. Long reads pass the signal on (`cutOffWhenGone`), so the API
 * stops waiting for them and never builds their answer.
 */
export const clientGone: RequestHandler = (req, res, next) => {
  const controller = new AbortController();
  req.signal = controller.signal;
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new ClientGoneError());
  });
  if (req.socket.destroyed) controller.abort(new ClientGoneError());
  if (stillWanted(req)) next();
};

/**
 * Whether a request should go on into its handler: false when its client has left, in which case nothing
 * more is done (there is nobody to answer). The auth middleware asks after its lookups, just before the
 * handler starts.
 */
export function stillWanted(req: Request): boolean {
  if (!req.signal?.aborted) return true;
  clientGoneStats.notStarted += 1;
  req.log.debug('client closed the connection before the handler started: not started');
  return false;
}

/** Query options that cut a read off when the request's client leaves: `Model.find(...).setOptions(cutOffWhenGone(signal))`. */
export function cutOffWhenGone(signal: AbortSignal | undefined): QueryOptions {
  // The driver takes `signal` on reads (mongoose passes it through; its typings do not list it yet).
  return (signal ? { signal } : {}) as QueryOptions;
}

/** A read cut off this way (the error handler then answers nobody and logs nothing). */
export function isClientGone(error: unknown): boolean {
  return error instanceof ClientGoneError;
}
