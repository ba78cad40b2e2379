import { Router } from 'express';
import { MailTemplatesApi, ZMailTemplateInput, ZMailTemplateQuery, type TMailTemplateKind } from '@hireflow/contracts/mail-templates';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { ZCandidateIdParams } from '@hireflow/contracts/candidates';
import { authOf, requireAuth, requireRight, tenantOf } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { apiPath } from '../jobs/jobs.context';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './mail-templates.service';

/**
 * Company mail templates. Anyone of the company reads them (a recruiter picks one for a campaign);
 * changing them takes the right of /company-settings/templates.
 */
export const mailTemplatesRouter = Router();
const manage = requireRight(CompanySettingsPages.templates);
const ZIdParams = ZCandidateIdParams;

mailTemplatesRouter.get(apiPath(MailTemplatesApi.templates), requireAuth, validate({ query: ZMailTemplateQuery }), async (req, res) => {
  res.json(await listTemplates(tenantOf(req), (req.query as { kind?: TMailTemplateKind }).kind));
});

mailTemplatesRouter.post(apiPath(MailTemplatesApi.templates), requireAuth, manage, validate({ body: ZMailTemplateInput }), async (req, res) => {
  res.status(201).json(await createTemplate(tenantOf(req), authOf(req).userId, req.body));
});

mailTemplatesRouter.put(apiPath(MailTemplatesApi.template), requireAuth, manage, validate({ params: ZIdParams, body: ZMailTemplateInput }), async (req, res) => {
  res.json(await updateTemplate(tenantOf(req), authOf(req).userId, req.params.id as string, req.body));
});

mailTemplatesRouter.delete(apiPath(MailTemplatesApi.template), requireAuth, manage, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await deleteTemplate(tenantOf(req), req.params.id as string));
});
