import type { Express, Request, RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** A logger bound to this request (id, method, masked URL). */
      log: Logger;
      id: number;
    }
  }
}

/** Tokens that travel in URLs (the spec's verify-email path, OAuth codes) never reach a log line. */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/continueAfterVerifyEmail\/)[^/?]+\/[^/?]+/, '$1[redacted]/[redacted]')
    .replace(/([?&](?:code|state|hashKey|key|verify_key|token)=)[^&]*/g, '$1[redacted]');
}

let lastRequestId = 0;

/**
 * One line per finished request: method, masked URL, status and time, nothing from headers or bodies.
 * `req.log` is a child logger made only when a handler logs, so a request that logs nothing costs a
 * counter and a listener (pino-http built a serialising child logger for every request: a third of
 * the API's own per-request time).
 */
export function requestLogger(app: Express, logger: Logger, opts: { ignore?: (url: string) => boolean } = {}): RequestHandler {
  const children = new WeakMap<Request, Logger>();
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request) {
      let child = children.get(this);
      if (!child) children.set(this, (child = logger.child({ req: { id: this.id, method: this.method, url: maskUrl(this.originalUrl) } })));
      return child;
    },
  });
  return (req, res, next) => {
    const id = ++lastRequestId;
    const startedAt = performance.now();
    req.id = id;
    if (!opts.ignore?.(req.originalUrl)) {
      res.once('close', () => logFinished(req, res, logger, id, performance.now() - startedAt));
    }
    next();
  };
}

function logFinished(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, logger: Logger, id: number, ms: number) {
  // An event stream ends when its client closes it: that is its normal end, not an aborted answer.
  const stream = Boolean((res as { locals?: { eventStream?: boolean } }).locals?.eventStream);
  const aborted = !res.writableFinished && !stream;
  const status = res.statusCode;
  const level = aborted || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const url = maskUrl(req.originalUrl ?? req.url ?? '');
  logger[level](
    { req: { id, method: req.method, url }, res: { statusCode: status }, responseTime: Math.round(ms) },
    `${req.method} ${url} ${aborted ? 'aborted' : status}`,
  );
}
