import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { ReferralApi, ZMyReferralsQuery, ZReferRequest, ZReferableJobsQuery, type TReferableJobsQuery } from '@hireflow/contracts/referrals';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { limitByUser, type RateRule } from '../../../lib/rate-limit';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { readFormWithOptionalResume } from '../../candidates/resumes/resume-upload';
import type { UploadedFile } from '../../files/resume-check';
import { getReferableJob, listReferableJobs } from './referable-jobs';
import { listMyReferrals } from './my-referrals';
import { referFriend } from './refer.service';

/** Any signed-in employee of the company: the open jobs to refer to, referring a friend, and their own referrals. */
export const referRouter = Router();

const ZPositionParams = z.object({ positionId: ZObjectId });
// Each referral puts a person into a pipeline and mails the recruiters: a script cannot flood it.
const referLimit: RateRule = { name: 'user-refer', max: 30, windowSeconds: 3600, message: (m) => `Too many referrals in a short time. Please wait ${m} minute${m === 1 ? '' : 's'}.` };

/** The multipart form: its text fields land in req.body for validate, the checked résumé (or null) in res.locals. */
const readReferForm: RequestHandler = async (req, res, next) => {
  res.locals.resume = await readFormWithOptionalResume(req, res);
  next();
};

const mailOf = (req: Request) => ({ config: req.app.locals.config, logger: req.log });

referRouter.get(apiPath(ReferralApi.referableJobs), requireAuth, validate({ query: ZReferableJobsQuery }), async (req, res) => {
  res.json(await listReferableJobs({ customerId: tenantOf(req), query: req.query as unknown as TReferableJobsQuery }));
});

referRouter.get(apiPath(ReferralApi.myReferrals), requireAuth, validate({ query: ZMyReferralsQuery }), async (req, res) => {
  res.json(await listMyReferrals({ customerId: tenantOf(req), userId: authOf(req).userId, page: (req.query as unknown as { page: number }).page }));
});

referRouter.get(apiPath(ReferralApi.referralJob), requireAuth, validate({ params: ZPositionParams }), async (req, res) => {
  res.json(await getReferableJob({ customerId: tenantOf(req), jobId: req.params.positionId as string }));
});

referRouter.post(apiPath(ReferralApi.refer), requireAuth, limitByUser(referLimit), validate({ params: ZPositionParams }), readReferForm, validate({ body: ZReferRequest }), async (req, res) => {
  const ctx = { customerId: tenantOf(req), actor: authOf(req).user, mail: mailOf(req), now: new Date(clockOf(req).now()) };
  res.status(201).json(await referFriend(ctx, { jobId: req.params.positionId as string, input: req.body, resume: res.locals.resume as UploadedFile | null }));
});
