import { Router } from 'express';
import { InterviewApi, ZFreeSlotRequest } from '@hireflow/contracts/interviews';
import { ZWorkingHoursInput } from '@hireflow/contracts/interviews-availability';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { findFreeSlots } from './free-slots';
import { getWorkingHours, saveWorkingHours } from './working-hours.service';

export const availabilityRouter = Router();

/** SPEC: the slots in which every chosen interviewer (and a room at the address) is free. Any signed-in user of the company. */
availabilityRouter.post(apiPath(InterviewApi.freeSlots), requireAuth, validate({ body: ZFreeSlotRequest }), async (req, res) => {
  res.json(await findFreeSlots(tenantOf(req), req.body, new Date(clockOf(req).now())));
});

/** The signed-in user's own working hours and time zone (profile page); scheduling reads them. */
availabilityRouter.get(apiPath(InterviewApi.workingHours), requireAuth, async (req, res) => {
  res.json(await getWorkingHours({ customerId: tenantOf(req), userId: authOf(req).userId }));
});

availabilityRouter.put(apiPath(InterviewApi.workingHours), requireAuth, validate({ body: ZWorkingHoursInput }), async (req, res) => {
  res.json(await saveWorkingHours({ customerId: tenantOf(req), userId: authOf(req).userId, input: req.body }));
});
