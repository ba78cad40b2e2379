import { Router } from 'express';
import type { THealthResponse } from '@hireflow/contracts/health';
import { isDatabaseUp } from '../../lib/db';

export const healthRouter = Router();

healthRouter.get('/health', (_req, res) => {
  const up = isDatabaseUp();
  const body: THealthResponse = { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', uptimeSeconds: Math.round(process.uptime()) };
  res.status(up ? 200 : 503).json(body);
});
