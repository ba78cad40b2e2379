import { Router, type Request } from 'express';
import { z } from 'zod';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { InterviewFeedbackApi, ZFeedbackAllQuery, ZScorecardDraft, ZScorecardSubmit } from '@hireflow/contracts/interviews-feedback';
import { ZObjectId } from '@hireflow/contracts/common';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { applicationScorecards, feedbackOverview, getFeedback, saveDraft, submitScorecard } from './feedback.service';

/** Scorecards: my scorecard of an interview (draft, submit), what I owe and submitted, an application's scorecards. */
export const feedbackRouter = Router();

const ZIdParams = z.object({ id: ZObjectId });
const caller = (req: Request) => ({ user: authOf(req).user, customerId: tenantOf(req) });
const idOf = (req: Request) => req.params.id as string;
const nowOf = (req: Request) => new Date(clockOf(req).now());

feedbackRouter.get(apiPath(InterviewApi.feedbackAll), requireAuth, validate({ query: ZFeedbackAllQuery }), async (req, res) => {
  res.json(await feedbackOverview(caller(req), (req.query as unknown as { page: number }).page, nowOf(req)));
});

feedbackRouter.get(apiPath(InterviewApi.feedback), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getFeedback(caller(req), idOf(req)));
});

feedbackRouter.put(apiPath(InterviewApi.feedback), requireAuth, validate({ params: ZIdParams, body: ZScorecardDraft }), async (req, res) => {
  res.json(await saveDraft(caller(req), idOf(req), req.body));
});

feedbackRouter.post(apiPath(InterviewApi.feedbackSubmit), requireAuth, validate({ params: ZIdParams, body: ZScorecardSubmit }), async (req, res) => {
  res.json(await submitScorecard(caller(req), idOf(req), req.body, nowOf(req)));
});

feedbackRouter.get(apiPath(InterviewFeedbackApi.applicationScorecards), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await applicationScorecards(caller(req), idOf(req)));
});
