import { Router } from 'express';
import { InterviewApi, ZFreeSlotRequest } from '@hireflow/contracts/interviews';
import { requireAuth, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { findFreeSlots } from './free-slots';

export const availabilityRouter = Router();

/** SPEC: the slots in which every chosen interviewer (and a room at the address) is free. Any signed-in user of the company. */
availabilityRouter.post(apiPath(InterviewApi.freeSlots), requireAuth, validate({ body: ZFreeSlotRequest }), async (req, res) => {
  res.json(await findFreeSlots(tenantOf(req), req.body, new Date(clockOf(req).now())));
});
