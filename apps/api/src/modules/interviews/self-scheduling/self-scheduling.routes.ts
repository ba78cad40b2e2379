import { Router } from 'express';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZSelfScheduleLinkRequest } from '@hireflow/contracts/interviews-scheduling';
import { authOf, requireAuth } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { limitByUser } from '../../../lib/rate-limit';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import type { Caller } from '../schedule/schedule-checks';
import { createSelfScheduleLink } from './self-scheduling.service';

export const selfSchedulingRouter = Router();
// Each link mails a candidate: a runaway client must not mail hundreds.
const linkLimit = { name: 'user-self-schedule-links', max: 100, windowSeconds: 3600, message: (m: number) => `Too many scheduling links. Please wait ${m} minutes.` };

/** Mails the candidate a single-use link to pick a time (whoever may schedule interviews of the application). */
selfSchedulingRouter.post(apiPath(InterviewApi.selfScheduleLinks), requireAuth, limitByUser(linkLimit), validate({ body: ZSelfScheduleLinkRequest }), async (req, res) => {
  res.status(201).json(await createSelfScheduleLink({
    auth: authOf(req) as Caller,
    now: new Date(clockOf(req).now()),
    publicUrl: req.app.locals.config.publicUrl,
    mail: { config: req.app.locals.config, logger: req.log },
  }, req.body));
});
