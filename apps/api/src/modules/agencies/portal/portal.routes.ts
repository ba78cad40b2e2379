import { Router, type Request, type RequestHandler } from 'express';
import {
  AgencyPortalApi,
  ZAgencyColleagueRequest,
  ZAgencyLoginRequest,
  ZAgencyOtpLoginRequest,
  ZAgencyResetInitiateRequest,
  ZAgencySendOtpRequest,
  ZAgencySetPasswordRequest,
  ZAgencySignInParams,
  ZPortalPageQuery,
  ZPortalSubmitRequest,
} from '@hireflow/contracts/agency-portal';
import { agencyAuthOf, requireAgencyAuth } from '../../../lib/auth';
import { limitByIp } from '../../../lib/rate-limit';
import { validate } from '../../../lib/validate';
import type { UploadedFile } from '../../files/resume-check';
import { readFormWithOptionalResume } from '../../candidates/resumes/resume-upload';
import { authCtxOf } from '../../auth/auth.context';
import { logout } from '../../auth/sign-in.service';
import { IpRules } from '../../auth/rate-rules';
import { presentAgencyMe } from './agency-session';
import { requirePlanFeature } from '../../billing/plans';
import { agencyLogin, agencyOtpLogin, agencySignInPage, initiateAgencyReset, sendAgencyOtp, setAgencyPassword, type AgencyLink } from './portal-sign-in.service';
import { addColleague, getPortalJob, listColleagues, listPortalJobs, listPortalSubmissions, submitCandidate } from './portal.service';

/** AgencyPortalApi paths are absolute; this router is mounted under /api. */
const path = (absolute: string) => absolute.replace(/^\/api/, '');
const linkOf = (req: Request) => req.params as unknown as AgencyLink;
const params = validate({ params: ZAgencySignInParams });
const portalCtxOf = (req: Request) => ({ config: req.app.locals.config, logger: req.log });

/** The agency portal: public sign-in calls on the agency's link (the staff rules), then calls with an agency token only. */
export const agencyPortalRouter = Router();

agencyPortalRouter.get(path(AgencyPortalApi.signInPage), limitByIp(IpRules.accountCheck), params, async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await agencySignInPage(linkOf(req)));
});

agencyPortalRouter.post(path(AgencyPortalApi.login), limitByIp(IpRules.login), params, validate({ body: ZAgencyLoginRequest }), async (req, res) => {
  res.json(await agencyLogin(authCtxOf(req), linkOf(req), req.body));
});

agencyPortalRouter.post(path(AgencyPortalApi.sendOtp), limitByIp(IpRules.otpSend), params, validate({ body: ZAgencySendOtpRequest }), async (req, res) => {
  res.json(await sendAgencyOtp(authCtxOf(req), linkOf(req), req.body));
});

agencyPortalRouter.post(path(AgencyPortalApi.otpLogin), limitByIp(IpRules.otpLogin), params, validate({ body: ZAgencyOtpLoginRequest }), async (req, res) => {
  res.json(await agencyOtpLogin(authCtxOf(req), linkOf(req), req.body));
});

agencyPortalRouter.post(path(AgencyPortalApi.resetInitiate), limitByIp(IpRules.reset), params, validate({ body: ZAgencyResetInitiateRequest }), async (req, res) => {
  res.json(await initiateAgencyReset(authCtxOf(req), linkOf(req), req.body));
});

agencyPortalRouter.post(path(AgencyPortalApi.setPassword), limitByIp(IpRules.resetKey), validate({ body: ZAgencySetPasswordRequest }), async (req, res) => {
  res.json(await setAgencyPassword(authCtxOf(req), req.body));
});

// ---------- With an agency token ----------

agencyPortalRouter.get(path(AgencyPortalApi.me), requireAgencyAuth, async (req, res) => {
  const { agencyUser, agency } = agencyAuthOf(req);
  res.json(await presentAgencyMe(agencyUser, agency));
});

agencyPortalRouter.post(path(AgencyPortalApi.logout), requireAgencyAuth, async (req, res) => {
  await logout(agencyAuthOf(req).sessionId);
  res.status(204).end();
});

agencyPortalRouter.get(path(AgencyPortalApi.jobs), requireAgencyAuth, validate({ query: ZPortalPageQuery }), async (req, res) => {
  const { page } = req.query as unknown as { page: number };
  res.json(await listPortalJobs({ auth: agencyAuthOf(req), page }));
});

agencyPortalRouter.get(path(AgencyPortalApi.job), requireAgencyAuth, async (req, res) => {
  res.json(await getPortalJob({ auth: agencyAuthOf(req), jobId: String(req.params.id) }));
});

agencyPortalRouter.get(path(AgencyPortalApi.submissions), requireAgencyAuth, validate({ query: ZPortalPageQuery }), async (req, res) => {
  res.json(await listPortalSubmissions({ auth: agencyAuthOf(req), ...(req.query as unknown as { page: number; jobId?: string }) }));
});

/** The multipart form of a submission: its text fields into req.body (validated next), the checked résumé kept aside. */
const readSubmitForm: RequestHandler = async (req, res, next) => {
  try {
    res.locals.resume = await readFormWithOptionalResume(req, res);
    next();
  } catch (error) {
    next(error);
  }
};

// Submitting needs the company's plan to include agencies (checked before the upload is read).
agencyPortalRouter.post(path(AgencyPortalApi.submissions), requireAgencyAuth, requirePlanFeature('agencies'), readSubmitForm, validate({ body: ZPortalSubmitRequest }), async (req, res) => {
  const resume = (res.locals.resume as UploadedFile | null) ?? null;
  res.status(201).json(await submitCandidate({ ctx: portalCtxOf(req), auth: agencyAuthOf(req), input: req.body, resume }));
});

agencyPortalRouter.get(path(AgencyPortalApi.colleagues), requireAgencyAuth, async (req, res) => {
  res.json(await listColleagues({ auth: agencyAuthOf(req) }));
});

agencyPortalRouter.post(path(AgencyPortalApi.colleagues), requireAgencyAuth, validate({ body: ZAgencyColleagueRequest }), async (req, res) => {
  res.status(201).json(await addColleague({ ctx: portalCtxOf(req), auth: agencyAuthOf(req), input: req.body }));
});
