import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { errorHandler } from './lib/error-handler';
import { requestLogger } from './lib/request-log';
import { clientGone } from './lib/client-gone';
import { compress } from './lib/compress';
import { pageSecurityHeaders } from './lib/security-headers';
import { buildApiRouter } from './api-router';
import { careersPublicRouter } from './modules/careers/careers.public';
import { selfSchedulePublicRouter } from './modules/interviews/self-scheduling/self-scheduling.public';
import { onboardingPublicRouter } from './modules/offers/onboarding/onboarding.public';
import { offerPublicRouter } from './modules/offers/public/offer-public.routes';
import { npsPublicRouter } from './modules/reports/candidates/nps/nps.public';
import { privacyPublicRouter } from './modules/privacy/privacy.public';
import { privacyRequestPublicRouter } from './modules/privacy/self-service/privacy-request.public';
import { installCalendarBusySources } from './modules/integrations/calendar/calendar-busy';

/** Builds the express app without listening: what server.ts runs and what supertest imports. */
export function buildApp({ config, logger }: { config: Config; logger: Logger }): Express {
  const app = express();
  app.locals.config = config;
  // Free slots and room checks also ask connected calendars (Google, Microsoft) for busy times.
  installCalendarBusySources({ config, logger });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(requestLogger(app, logger, { ignore: (url) => url === '/api/health' }));
  app.use(clientGone);
  app.use(compress);

  app.use('/api', buildApiRouter());

  app.use(pageSecurityHeaders);
  app.use(onboardingPublicRouter); // POST /offer/:token/documents/:documentId only: before the offer pages' router
  app.use('/careers', privacyRequestPublicRouter); // /careers/:slug/privacy: before the career site's /:slug/:jobId
  app.use('/careers', careersPublicRouter);
  app.use('/schedule', selfSchedulePublicRouter);
  app.use('/offer', offerPublicRouter);
  app.use('/survey', npsPublicRouter);
  app.use('/privacy', privacyPublicRouter);
  if (config.webDistDir && existsSync(config.webDistDir)) serveSpa(app, config.webDistDir);

  app.use(errorHandler);
  return app;
}

/** The built SPA: hashed assets cached for a year, every other path answered with index.html. */
function serveSpa(app: Express, dir: string) {
  app.use('/assets', express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(dir, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/api\/).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(dir, 'index.html'));
  });
}
