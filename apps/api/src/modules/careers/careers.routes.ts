import { Router } from 'express';
import { CareersApi, ZCareerSiteJobsQuery, ZPublishJobsRequest, ZUpdateApplyFormRequest, ZUpdateCareerSiteRequest, type TCareerSiteJobsQuery } from '@hireflow/contracts/careers';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { authOf, requireAuth, requireRight, tenantOf } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { apiPath as path } from '../jobs/jobs.context';
import { getApplyFormSettings, getCareerSiteSettings, listCareerSiteJobs, publishCareerSiteJobs, updateApplyFormSettings, updateCareerSiteSettings } from './careers.service';

/**
 * company-settings/career-site: the public page's content and listed jobs; its apply form is
 * company-settings/page-customization, behind that page's own access right.
 */
export const careersRouter = Router();
const siteRight = requireRight(CompanySettingsPages['career-site']);
const customizationRight = requireRight(CompanySettingsPages['page-customization']);

careersRouter.get(path(CareersApi.settings), requireAuth, siteRight, async (req, res) => {
  res.json(await getCareerSiteSettings({ customerId: tenantOf(req), publicUrl: req.app.locals.config.publicUrl }));
});

careersRouter.put(path(CareersApi.settings), requireAuth, siteRight, validate({ body: ZUpdateCareerSiteRequest }), async (req, res) => {
  res.json(await updateCareerSiteSettings({ customerId: tenantOf(req), actorId: authOf(req).userId, input: req.body, publicUrl: req.app.locals.config.publicUrl }));
});

careersRouter.get(path(CareersApi.publishedJobs), requireAuth, siteRight, validate({ query: ZCareerSiteJobsQuery }), async (req, res) => {
  res.json(await listCareerSiteJobs({ customerId: tenantOf(req), query: req.query as unknown as TCareerSiteJobsQuery }));
});

careersRouter.put(path(CareersApi.publishedJobs), requireAuth, siteRight, validate({ body: ZPublishJobsRequest }), async (req, res) => {
  res.json(await publishCareerSiteJobs({ customerId: tenantOf(req), actorId: authOf(req).userId, input: req.body }));
});

careersRouter.get(path(CareersApi.applyForm), requireAuth, customizationRight, async (req, res) => {
  res.json(await getApplyFormSettings({ customerId: tenantOf(req) }));
});

careersRouter.put(path(CareersApi.applyForm), requireAuth, customizationRight, validate({ body: ZUpdateApplyFormRequest }), async (req, res) => {
  res.json(await updateApplyFormSettings({ customerId: tenantOf(req), actorId: authOf(req).userId, input: req.body }));
});
