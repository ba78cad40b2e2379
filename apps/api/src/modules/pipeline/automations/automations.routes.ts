import { Router } from 'express';
import { AutomationsApi, ZSaveStageAutomationsRequest } from '@hireflow/contracts/pipeline';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { listStageAutomations, saveStageAutomations } from './automations.service';

export const automationsRouter = Router();

// Stage automations belong to the workflow template, so whoever may edit it (company-settings/preferences) manages them.
automationsRouter.get(apiPath(AutomationsApi.list), requireAuth, requireRight(CompanySettingsPages.preferences), async (req, res) => {
  res.json(await listStageAutomations(tenantOf(req)));
});

automationsRouter.put(apiPath(AutomationsApi.stage(':stageId')), requireAuth, requireRight(CompanySettingsPages.preferences), validate({ body: ZSaveStageAutomationsRequest }), async (req, res) => {
  const customerId = tenantOf(req);
  res.json(await saveStageAutomations({ customerId, actorId: authOf(req).user._id, stageId: String(req.params.stageId), input: req.body }));
});
