import { Router } from 'express';
import { PipelineApi, type TLiveStreamToken } from '@hireflow/contracts/pipeline';
import { authOf, requireAuth, requireStreamAuth, signStreamToken, tenantOf } from '../auth';
import { apiPath } from '../../modules/jobs/jobs.context';
import { openEventStream } from './event-stream';

/** The live-update stream (server-sent events) and the short-lived token a browser opens it with. */
export const liveEventsRouter = Router();

liveEventsRouter.post(apiPath(PipelineApi.eventsToken), requireAuth, (req, res) => {
  tenantOf(req);
  const body: TLiveStreamToken = { token: signStreamToken(req.app.locals.config, authOf(req)) };
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
});

liveEventsRouter.get(apiPath(PipelineApi.events), requireStreamAuth, async (req, res) => {
  await openEventStream(req, res);
});
