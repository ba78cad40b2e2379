import { Router, type Request, type RequestHandler } from 'express';
import { InterviewApi, ZScheduleInterviewRequest } from '@hireflow/contracts/interviews';
import { ZCancelInterviewRequest, ZInterviewListQuery, ZInterviewStatusRequest, ZInterviewTemplateRequest, ZRescheduleInterviewRequest } from '@hireflow/contracts/interviews-scheduling';
import { authOf, requireAuth } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { findVisibleInterview } from '../interviews.access';
import { requireVideoLinkOrCalendar } from '../../integrations/calendar/video-link';
import { presentInterviews } from '../interview.presenter';
import { cancelInterview, rescheduleInterview, scheduleInterview, setInterviewStatus, type ChangeContext } from './schedule.service';
import { interviewTemplatePreview, listInterviews } from './interview-queries';
import type { Caller } from './schedule-checks';

export const scheduleRouter = Router();

const callerOf = (req: Request) => authOf(req) as Caller;
const changeContext = (req: Request): ChangeContext => ({
  auth: callerOf(req),
  now: new Date(clockOf(req).now()),
  publicUrl: req.app.locals.config.publicUrl,
  mail: { config: req.app.locals.config, logger: req.log },
});
// `/api/interviews/:id` only for ids, so the other areas' `/api/interviews/<word>` paths stay theirs.
const idOnly: RequestHandler = (req, _res, next) => (typeof req.params.id === 'string' && /^[a-f0-9]{24}$/i.test(req.params.id) ? next() : next('route'));

scheduleRouter.post(apiPath(InterviewApi.interviews), requireAuth, validate({ body: ZScheduleInterviewRequest }), requireVideoLinkOrCalendar, async (req, res) => {
  res.status(201).json(await scheduleInterview(changeContext(req), req.body));
});

scheduleRouter.get(apiPath(InterviewApi.interviews), requireAuth, validate({ query: ZInterviewListQuery }), async (req, res) => {
  res.json(await listInterviews(callerOf(req), req.query as never));
});

scheduleRouter.get(apiPath(InterviewApi.interview), requireAuth, idOnly, async (req, res) => {
  const { interview } = await findVisibleInterview(callerOf(req), String(req.params.id));
  const [presented] = await presentInterviews(callerOf(req).customerId, [interview]);
  res.json(presented);
});

scheduleRouter.patch(apiPath(InterviewApi.interview), requireAuth, idOnly, validate({ body: ZRescheduleInterviewRequest }), async (req, res) => {
  res.json(await rescheduleInterview(changeContext(req), String(req.params.id), req.body));
});

scheduleRouter.post(apiPath(InterviewApi.interviewCancel), requireAuth, validate({ body: ZCancelInterviewRequest }), async (req, res) => {
  res.json(await cancelInterview(changeContext(req), String(req.params.id), req.body));
});

scheduleRouter.post(apiPath(InterviewApi.interviewStatus), requireAuth, validate({ body: ZInterviewStatusRequest }), async (req, res) => {
  res.json(await setInterviewStatus(changeContext(req), String(req.params.id), req.body));
});

/** SPEC: the interview invitation as the candidate would get it (the scheduling dialog's preview). */
scheduleRouter.post(apiPath(InterviewApi.templateForInterview), requireAuth, validate({ body: ZInterviewTemplateRequest }), async (req, res) => {
  const ctx = changeContext(req);
  res.json(await interviewTemplatePreview(ctx.auth, req.body, ctx));
});
