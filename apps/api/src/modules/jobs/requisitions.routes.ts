import { Router } from 'express';
import { JobsApi, ZCreateRequisitionRequest, ZIdParams, ZUpdateRequisitionRequest, ZVacancyApprovalsQuery, ZWithdrawRequisitionRequest } from '@hireflow/contracts/jobs';
import { ZDecideApprovalRequest, ZReassignApprovalRequest } from '@hireflow/contracts/approvals';
import { requireAdditionalRole, requireAuth } from '../../lib/auth';
import { validate } from '../../lib/validate';
import {
  createRequisition,
  getRequisition,
  getRequisitionOptions,
  listVacancyApprovals,
  submitRequisition,
  updateRequisition,
} from './requisitions.service';
import { decideVacancyApproval, reassignVacancyApproval, withdrawRequisition } from './vacancy-approval-changes.service';
import { apiPath, jobsContext } from './jobs.context';
// Registers the vacancy kind with the approvals module (its generic routes decide requisitions too).
import './vacancy-approval';

export const requisitionsRouter = Router();

// The company's org choices: the requisition form and the job list filters both use them.
requisitionsRouter.get(apiPath(JobsApi.requisitionOptions), requireAuth, async (req, res) => {
  const { customerId } = jobsContext(req);
  res.json(await getRequisitionOptions({ customerId }));
});

requisitionsRouter.post(apiPath(JobsApi.requisitions), requireAuth, requireAdditionalRole('HM'), validate({ body: ZCreateRequisitionRequest }), async (req, res) => {
  res.status(201).json(await createRequisition({ ...jobsContext(req), input: req.body }));
});

requisitionsRouter.get(apiPath(JobsApi.requisition), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json(await getRequisition({ customerId, actor, id: req.params.id as string }));
});

requisitionsRouter.put(apiPath(JobsApi.requisition), requireAuth, requireAdditionalRole('HM'), validate({ params: ZIdParams, body: ZUpdateRequisitionRequest }), async (req, res) => {
  res.json(await updateRequisition({ ...jobsContext(req), id: req.params.id as string, input: req.body }));
});

requisitionsRouter.post(apiPath(JobsApi.submitRequisition), requireAuth, requireAdditionalRole('HM'), validate({ params: ZIdParams }), async (req, res) => {
  res.json(await submitRequisition({ ...jobsContext(req), id: req.params.id as string }));
});

// Only the requester may withdraw (checked in the service), even after losing the HM role.
requisitionsRouter.post(apiPath(JobsApi.withdrawRequisition), requireAuth, validate({ params: ZIdParams, body: ZWithdrawRequisitionRequest }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json(await withdrawRequisition({ customerId, actor, id: req.params.id as string, input: req.body }));
});

requisitionsRouter.get(apiPath(JobsApi.vacancyApprovals), requireAuth, validate({ query: ZVacancyApprovalsQuery }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  const { view, page } = req.query as unknown as { view: 'pending' | 'decided' | 'requested'; page: number };
  res.json(await listVacancyApprovals({ customerId, actor, view, page }));
});

requisitionsRouter.get(apiPath(JobsApi.vacancyApproval), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json(await getRequisition({ customerId, actor, id: req.params.id as string }));
});

requisitionsRouter.post(apiPath(JobsApi.decideVacancyApproval), requireAuth, validate({ params: ZIdParams, body: ZDecideApprovalRequest }), async (req, res) => {
  res.json(await decideVacancyApproval({ ...jobsContext(req), id: req.params.id as string, input: req.body }));
});

requisitionsRouter.post(apiPath(JobsApi.reassignVacancyApproval), requireAuth, validate({ params: ZIdParams, body: ZReassignApprovalRequest }), async (req, res) => {
  res.json(await reassignVacancyApproval({ ...jobsContext(req), id: req.params.id as string, input: req.body }));
});
