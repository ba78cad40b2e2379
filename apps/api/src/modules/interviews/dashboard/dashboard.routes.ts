import { Router } from 'express';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { apiPath } from '../../jobs/jobs.context';
import { interviewDashboard } from './dashboard.service';

export const dashboardRouter = Router();

/** The dashboard's cards: my interviews today and tomorrow (in my time zone), and the scorecards I owe. Any company user. */
dashboardRouter.get(apiPath(InterviewApi.dashboard), requireAuth, async (req, res) => {
  res.json(await interviewDashboard({ customerId: tenantOf(req), viewer: authOf(req).user, now: new Date(clockOf(req).now()) }));
});
