import express, { type Express } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Limits } from '@hireflow/contracts/constants';
import type { Config } from './config';
import { apiNotFound, errorHandler } from './lib/error-handler';
import { rejectOperatorKeys } from './lib/validate';
import { buildApiRouter } from './api-router';
import { careersPublicRouter } from './modules/careers/careers.public';

/** Builds the express app without listening: what server.ts runs and what supertest imports. */
export function buildApp({ config, logger }: { config: Config; logger: Logger }): Express {
  const app = express();
  app.locals.config = config;
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(helmet({ contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'] } } }));
  app.use(compression());
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      customSuccessMessage: (req, res) => requestLine(req, res),
      customErrorMessage: (req, res) => requestLine(req, res),
      serializers: {
        req: (req: { method: string; url: string; id: unknown }) => ({ id: req.id, method: req.method, url: maskUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use('/api', express.json({ limit: Limits.jsonBodyBytes }), rejectOperatorKeys, buildApiRouter(), apiNotFound);

  app.use('/careers', careersPublicRouter);
  if (config.webDistDir && existsSync(config.webDistDir)) serveSpa(app, config.webDistDir);

  app.use(errorHandler);
  return app;
}

/** Tokens that travel in URLs (the spec's verify-email path, OAuth codes) never reach a log line. */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/continueAfterVerifyEmail\/)[^/?]+\/[^/?]+/, '$1[redacted]/[redacted]')
    .replace(/([?&](?:code|hashKey|key|verify_key|token)=)[^&]*/g, '$1[redacted]');
}

// Routers rewrite req.url while they run; the log line names the path the client asked for.
const requestLine = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) =>
  `${req.method} ${maskUrl(req.originalUrl ?? req.url ?? '')} ${res.statusCode}`;

/** The built SPA: hashed assets cached for a year, every other path answered with index.html. */
function serveSpa(app: Express, dir: string) {
  app.use('/assets', express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(dir, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/api\/).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(dir, 'index.html'));
  });
}
