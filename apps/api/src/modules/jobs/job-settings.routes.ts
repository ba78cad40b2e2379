import { Router } from 'express';
import { JobsApi, ZApprovalChainsQuery, ZSaveApprovalChainRequest, ZUpdateWorkflowTemplateRequest } from '@hireflow/contracts/jobs';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { requireAuth, requireRight } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { getWorkflowStages, listApprovalChains, presentStages, saveApprovalChain, updateWorkflowStages } from './job-settings.service';
import { apiPath, jobsContext } from './jobs.context';

export const jobSettingsRouter = Router();

// Reading the stages is for anyone signed in (pipeline boards need them); changing them is company-settings/preferences.
jobSettingsRouter.get(apiPath(JobsApi.workflowTemplate), requireAuth, async (req, res) => {
  const { customerId } = jobsContext(req);
  res.json({ stages: presentStages(await getWorkflowStages(customerId)) });
});

jobSettingsRouter.put(apiPath(JobsApi.workflowTemplate), requireAuth, requireRight(CompanySettingsPages.preferences), validate({ body: ZUpdateWorkflowTemplateRequest }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json({ stages: await updateWorkflowStages({ customerId, actorId: actor._id, input: req.body }) });
});

jobSettingsRouter.get(apiPath(JobsApi.approvalChains), requireAuth, requireRight(CompanySettingsPages.approvers), validate({ query: ZApprovalChainsQuery }), async (req, res) => {
  const { customerId } = jobsContext(req);
  res.json({ items: await listApprovalChains({ customerId, kind: (req.query as { kind?: 'vacancy' | 'offer' | 'agency' }).kind }) });
});

jobSettingsRouter.put(apiPath(JobsApi.approvalChains), requireAuth, requireRight(CompanySettingsPages.approvers), validate({ body: ZSaveApprovalChainRequest }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json({ items: await saveApprovalChain({ customerId, actorId: actor._id, input: req.body }) });
});
