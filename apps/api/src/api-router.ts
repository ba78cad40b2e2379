import { Router } from 'express';
import { healthRouter } from './modules/health/health.routes';
import { authRouter } from './modules/auth/auth.routes';
import { mailRouter } from './modules/mail/mail.routes';
import { usersRouter } from './modules/users/users.routes';
import { orgRouter } from './modules/org/org.routes';
import { preferencesRouter } from './modules/preferences/preferences.routes';
import { jobSettingsRouter } from './modules/jobs/job-settings.routes';
import { requisitionsRouter } from './modules/jobs/requisitions.routes';
import { jobsRouter } from './modules/jobs/jobs.routes';
import { careersRouter } from './modules/careers/careers.routes';
import { filesRouter } from './modules/files/files.routes';

/** Every module's routes, mounted under /api. */
export function buildApiRouter(): Router {
  const api = Router();
  api.use(healthRouter);
  api.use(authRouter);
  api.use(mailRouter);
  api.use(usersRouter);
  api.use(orgRouter);
  api.use(preferencesRouter);
  api.use(jobSettingsRouter);
  api.use(requisitionsRouter);
  api.use(jobsRouter);
  api.use(careersRouter);
  api.use(filesRouter);
  return api;
}
