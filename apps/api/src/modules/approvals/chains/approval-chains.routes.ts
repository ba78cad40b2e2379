import { Router } from 'express';
import { ApprovalApi, ZApprovalChainsQuery, ZSaveApprovalChainRequest, type TApprovalKind } from '@hireflow/contracts/approvals';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { requireAuth, requireRight } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath, jobsContext } from '../../jobs/jobs.context';
import { listApprovalChains, saveApprovalChain } from './approval-chains.service';

// company-settings/approvers: reading and changing the chains both need that settings page's right.
export const approvalChainsRouter = Router();

approvalChainsRouter.get(apiPath(ApprovalApi.chains), requireAuth, requireRight(CompanySettingsPages.approvers), validate({ query: ZApprovalChainsQuery }), async (req, res) => {
  const { customerId } = jobsContext(req);
  res.json({ items: await listApprovalChains({ customerId, kind: (req.query as { kind?: TApprovalKind }).kind }) });
});

approvalChainsRouter.put(apiPath(ApprovalApi.chains), requireAuth, requireRight(CompanySettingsPages.approvers), validate({ body: ZSaveApprovalChainRequest }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json({ items: await saveApprovalChain({ customerId, actorId: actor._id, input: req.body }) });
});
