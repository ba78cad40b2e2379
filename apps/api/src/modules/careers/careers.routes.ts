import { Router } from 'express';
import { CareersApi, ZPublishJobsRequest, ZUpdateCareerSiteRequest } from '@hireflow/contracts/careers';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { authOf, requireAuth, requireRight, tenantOf } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { apiPath as path } from '../jobs/jobs.context';
import { getCareerSiteSettings, listCareerSiteJobs, publishCareerSiteJobs, updateCareerSiteSettings } from './careers.service';

/** company-settings/career-site: the public page's content, apply form and listed jobs. */
export const careersRouter = Router();
const right = requireRight(CompanySettingsPages['career-site']);

careersRouter.get(path(CareersApi.settings), requireAuth, right, async (req, res) => {
  res.json(await getCareerSiteSettings({ customerId: tenantOf(req), publicUrl: req.app.locals.config.publicUrl }));
});

careersRouter.put(path(CareersApi.settings), requireAuth, right, validate({ body: ZUpdateCareerSiteRequest }), async (req, res) => {
  res.json(await updateCareerSiteSettings({ customerId: tenantOf(req), actorId: authOf(req).userId, input: req.body, publicUrl: req.app.locals.config.publicUrl }));
});

careersRouter.get(path(CareersApi.publishedJobs), requireAuth, right, async (req, res) => {
  res.json({ items: await listCareerSiteJobs({ customerId: tenantOf(req) }) });
});

careersRouter.put(path(CareersApi.publishedJobs), requireAuth, right, validate({ body: ZPublishJobsRequest }), async (req, res) => {
  res.json({ items: await publishCareerSiteJobs({ customerId: tenantOf(req), actorId: authOf(req).userId, input: req.body }) });
});
