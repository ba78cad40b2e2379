import express, { Router, type RequestHandler } from 'express';
import { Limits } from '@hireflow/contracts/constants';
import { apiNotFound } from './lib/error-handler';
import { apiSecurityHeaders } from './lib/security-headers';
import { rejectOperatorKeys } from './lib/validate';
import { healthRouter } from './modules/health/health.routes';
import { authRouter } from './modules/auth/auth.routes';
import { mailRouter } from './modules/mail/mail.routes';
import { usersRouter } from './modules/users/users.routes';
import { exportsRouter } from './modules/exports/exports.routes';
import { orgRouter } from './modules/org/org.routes';
import { preferencesRouter } from './modules/preferences/preferences.routes';
import { approvalsRouter } from './modules/approvals/approvals.routes';
import { approvalChainsRouter } from './modules/approvals/chains/approval-chains.routes';
import { jobSettingsRouter } from './modules/jobs/job-settings.routes';
import { requisitionsRouter } from './modules/jobs/requisitions.routes';
import { jobsRouter } from './modules/jobs/jobs.routes';
import { careersRouter } from './modules/careers/careers.routes';
import { candidatesRouter } from './modules/candidates/candidates.routes';
import { pipelineRouter } from './modules/pipeline/pipeline.routes';
import { interviewsRouter } from './modules/interviews/interviews.routes';
import { offersRouter } from './modules/offers/offers.routes';
import { referralsRouter } from './modules/referrals/referrals.routes';
import { agenciesRouter } from './modules/agencies/agencies.routes';
import { filesRouter } from './modules/files/files.routes';
import { integrationsRouter } from './modules/integrations/integrations.routes';
import { superadminRouter } from './modules/superadmin/superadmin.routes';
import { reportsRouter } from './modules/reports/reports.routes';
import { recordUsage } from './modules/reports/activity/usage-recorder';
import { liveEventsRouter } from './lib/live-events/events.routes';
import { billingRouter } from './modules/billing/billing.routes';
import { paymentWebhooksRouter } from './modules/billing/payments/payment-webhooks.routes';
import { companyRouter } from './modules/company/company.routes';
import { apiAccessRouter } from './modules/api-access/api-access.routes';
import { publicApiRouter } from './modules/public-api/public-api.routes';
import { spotlightRouter } from './modules/spotlight/spotlight.routes';
import { dashboardRouter } from './modules/dashboard/dashboard.routes';
import { privacyRouter } from './modules/privacy/privacy.routes';

const parseJson = express.json({ limit: Limits.jsonBodyBytes });

/** JSON bodies up to 1 MB; a request without a body (most GETs) goes straight on. */
const parseJsonBody: RequestHandler = (req, res, next) => {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return next();
  parseJson(req, res, next);
};

/** The API edge (security headers, body parsing, operator-key refusal), every module's routes, a JSON 404. */
export function buildApiRouter(): Router {
  const api = Router();
  api.use(apiSecurityHeaders);
  api.use(paymentWebhooksRouter); // verifies signatures over the raw body, so before JSON parsing
  api.use(parseJsonBody, rejectOperatorKeys);
  api.use(recordUsage);
  api.use(publicApiRouter); // /v1 (API keys) and /docs
  api.use(healthRouter);
  api.use(authRouter);
  api.use(mailRouter);
  api.use(usersRouter);
  api.use(exportsRouter);
  api.use(orgRouter);
  api.use(preferencesRouter);
  api.use(approvalsRouter);
  api.use(approvalChainsRouter);
  api.use(jobSettingsRouter);
  api.use(requisitionsRouter);
  api.use(jobsRouter);
  api.use(careersRouter);
  api.use(candidatesRouter);
  api.use(pipelineRouter);
  api.use(interviewsRouter);
  api.use(offersRouter);
  api.use(referralsRouter);
  api.use(agenciesRouter);
  api.use(filesRouter);
  api.use(integrationsRouter);
  api.use(reportsRouter);
  api.use(billingRouter);
  api.use(companyRouter);
  api.use(apiAccessRouter);
  api.use(spotlightRouter);
  api.use(dashboardRouter);
  api.use(privacyRouter);
  api.use(superadminRouter);
  api.use(liveEventsRouter);
  api.use(apiNotFound);
  return api;
}
