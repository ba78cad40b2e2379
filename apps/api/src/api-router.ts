import { Router } from 'express';
import { healthRouter } from './modules/health/health.routes';

/** Every module's routes, mounted under /api. */
export function buildApiRouter(): Router {
  const api = Router();
  api.use(healthRouter);
  return api;
}
