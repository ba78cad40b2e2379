import { Router } from 'express';
import { z } from 'zod';
import { SpeedScreeningApi, ZHoldApplicationRequest, ZSpeedScreeningQuery } from '@hireflow/contracts/pipeline';
import { ZObjectId } from '@hireflow/contracts/common';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { applicationResumePreview } from './application-resume';
import { holdApplication } from './hold-application';
import { listScreeningQueue, screeningSummary } from './speed-screening.service';

/** Speed screening: the queue of new applicants, the dashboard's counts, the résumé preview and hold. */
export const speedScreeningRouter = Router();

const ZApplicationIdParams = z.object({ id: ZObjectId });

speedScreeningRouter.get(apiPath(SpeedScreeningApi.queue), requireAuth, validate({ query: ZSpeedScreeningQuery }), async (req, res) => {
  res.json(await listScreeningQueue({ customerId: tenantOf(req), actor: authOf(req).user, query: req.query as unknown as z.output<typeof ZSpeedScreeningQuery> }));
});
speedScreeningRouter.get(apiPath(SpeedScreeningApi.summary), requireAuth, async (req, res) => {
  res.json(await screeningSummary({ customerId: tenantOf(req), actor: authOf(req).user }));
});
speedScreeningRouter.get(apiPath(SpeedScreeningApi.resume(':id')), requireAuth, validate({ params: ZApplicationIdParams }), async (req, res) => {
  res.json(await applicationResumePreview({ customerId: tenantOf(req), actor: authOf(req).user, applicationId: req.params.id as string }));
});
speedScreeningRouter.post(apiPath(SpeedScreeningApi.hold(':id')), requireAuth, validate({ params: ZApplicationIdParams, body: ZHoldApplicationRequest }), async (req, res) => {
  res.json(await holdApplication({ customerId: tenantOf(req), actor: authOf(req).user, applicationId: req.params.id as string, onHold: req.body.onHold }));
});
