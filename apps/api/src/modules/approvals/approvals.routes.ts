import { Router } from 'express';
import { ApprovalApi, ZApprovalParams, ZApprovalsQuery, ZDecideApprovalRequest, ZReassignApprovalRequest, ZWithdrawApprovalRequest, type TApprovalKind, type TApprovalsQuery } from '@hireflow/contracts/approvals';
import { requireAuth } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { apiPath, jobsContext } from '../jobs/jobs.context';
import { decideApproval, reassignApproval, withdrawApproval } from './approvals.service';
import { listApprovals } from './approvals.presenter';

// Who may act is decided by the chain itself (the current approver, the requester, an admin), in the service.
export const approvalsRouter = Router();

const subjectOf = (params: Record<string, unknown>) => ({ kind: params.kind as TApprovalKind, subjectId: params.subjectId as string });

approvalsRouter.get(apiPath(ApprovalApi.approvals), requireAuth, validate({ query: ZApprovalsQuery }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json(await listApprovals({ customerId, actor, ...(req.query as unknown as TApprovalsQuery) }));
});

approvalsRouter.post(apiPath(ApprovalApi.decide), requireAuth, validate({ params: ZApprovalParams, body: ZDecideApprovalRequest }), async (req, res) => {
  await decideApproval({ ...jobsContext(req), ...subjectOf(req.params), input: req.body });
  res.status(204).end();
});

approvalsRouter.post(apiPath(ApprovalApi.withdraw), requireAuth, validate({ params: ZApprovalParams, body: ZWithdrawApprovalRequest }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  await withdrawApproval({ customerId, actor, ...subjectOf(req.params), input: req.body });
  res.status(204).end();
});

approvalsRouter.post(apiPath(ApprovalApi.reassign), requireAuth, validate({ params: ZApprovalParams, body: ZReassignApprovalRequest }), async (req, res) => {
  await reassignApproval({ ...jobsContext(req), ...subjectOf(req.params), input: req.body });
  res.status(204).end();
});
