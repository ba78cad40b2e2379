import { Router } from 'express';
import { JobsApi, ZUpdateWorkflowTemplateRequest } from '@hireflow/contracts/jobs';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { requireAuth, requireRight } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { getWorkflowStages, presentStages, updateWorkflowStages } from './job-settings.service';
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
