import { Router } from 'express';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZCalibrationQuery, type TCalibrationQuery } from '@hireflow/contracts/interviews-insights';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { interviewerCalibration } from './calibration.service';

export const calibrationRouter = Router();

/** Interviewer calibration: admins see every job, hiring managers their own jobs; everybody else gets 403. */
calibrationRouter.get(apiPath(InterviewApi.calibration), requireAuth, validate({ query: ZCalibrationQuery }), async (req, res) => {
  res.json(await interviewerCalibration({ customerId: tenantOf(req), actor: authOf(req).user, query: req.query as TCalibrationQuery }));
});
