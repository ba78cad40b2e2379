import type { Types } from 'mongoose';
import type { TJobStatus, TRequisitionStatus } from '@hireflow/contracts/jobs';
import { AppError } from '../../lib/app-error';
import { JobCode } from '../org/job-code.model';
import { registerApprovalKind, type ApprovalHookContext, type ApprovalSubject } from '../approvals/approvals.service';
import type { ApprovalDoc } from '../approvals/approval.model';
import { Requisition, type RequisitionDoc } from './requisition.model';
import { Job } from './job.model';
import { recordJobStatus, recordRequisitionStatus } from './job-records';
import { loadRefs, refOf } from './refs';
import { approverTurnMail, requesterApprovedMail, requesterRejectedMail } from './jobs.mail';

// Vacancy approvals: a requisition goes through the company's vacancy chain (modules/approvals). The
// chain's end decides the requisition and its job: approved opens the job, rejected or withdrawn takes
// both back to draft. Everything here runs inside the approval change's transaction.

/** What a requisition's state is called in refusals ("This requisition is draft; ..."). */
const requisitionStateOf = (a: ApprovalDoc) => ({ pending: 'pending approval', approved: 'approved', rejected: 'rejected', withdrawn: 'draft', cancelled: 'draft' })[a.status];

/** What approval lists show of a requisition: its title, and "2 positions, Engineering, Berlin". */
export async function vacancySubject(customerId: Types.ObjectId, req: RequisitionDoc): Promise<ApprovalSubject> {
  const refs = await loadRefs(customerId, { departments: [req.departmentId ?? null], locations: [req.locationId ?? null] });
  const where = [refOf(refs.departments, req.departmentId)?.name, refOf(refs.locations, req.locationId)?.name].filter(Boolean);
  return {
    kind: 'vacancy',
    subjectId: req._id,
    businessUnitId: req.businessUnitId ?? null,
    requesterId: req.requesterId,
    title: req.title,
    detail: [`${req.headcount} position${req.headcount === 1 ? '' : 's'}`, ...where].join(', '),
  };
}

/** The requisition leaves pending_approval (its copy of the current approver goes away) and its job follows. */
async function endRound(ctx: ApprovalHookContext, to: TRequisitionStatus, jobTo: TJobStatus, comments: { requisition: string; job: string }) {
  const { customerId, approval, session, at, by } = ctx;
  const req = await Requisition.findOneAndUpdate(
    { customerId, _id: approval.subjectId, status: 'pending_approval' },
    { $set: { status: to, currentApproverId: null } },
    { session },
  ).lean<RequisitionDoc>();
  if (!req) throw AppError.conflict('This requisition changed meanwhile; reload it and try again');
  const records = { customerId, by, session, at };
  await recordRequisitionStatus(records, req, 'pending_approval', to, comments.requisition);
  const job = await Job.findOneAndUpdate(
    { customerId, _id: req.jobId, status: 'pending_approval' },
    { $set: { status: jobTo, ...(jobTo === 'open' ? { openedAt: at } : {}) } },
    { session, returnDocument: 'after' },
  ).lean();
  if (!job) throw AppError.conflict('The job of this requisition is not pending approval');
  await recordJobStatus(records, job, 'pending_approval', jobTo, comments.job);
  return req;
}

registerApprovalKind({
  kind: 'vacancy',
  noun: 'requisition',
  stateOf: requisitionStateOf,
  onApproved: async (ctx) => {
    const req = await endRound(ctx, 'approved', 'open', { requisition: ctx.comment, job: ctx.comment });
    // The opened job takes its openings from the job code's approved headcount.
    if (req.jobCodeId) await JobCode.updateOne({ customerId: ctx.customerId, _id: req.jobCodeId }, { $inc: { usedHeadcount: req.headcount } }, { session: ctx.session });
  },
  onRejected: async (ctx) => {
    await endRound(ctx, 'rejected', 'draft', { requisition: ctx.comment, job: ctx.comment });
  },
  onWithdrawn: async (ctx) => {
    await endRound(ctx, 'draft', 'draft', { requisition: ctx.comment || 'Withdrawn by the requester', job: 'Requisition withdrawn by the requester' });
  },
  onTurn: async ({ customerId, approval, session }) => {
    await Requisition.updateOne({ customerId, _id: approval.subjectId }, { $set: { currentApproverId: approval.currentApproverId } }, { session });
  },
  mails: {
    request: (a, requesterName) => approverTurnMail({ _id: a.subjectId, title: a.title }, requesterName),
    rejected: (a, approverName, reason) => requesterRejectedMail({ _id: a.subjectId, title: a.title }, approverName, reason),
    approved: async (a) => {
      const req = await Requisition.findOne({ customerId: a.customerId, _id: a.subjectId }, { jobId: 1 }).lean();
      return requesterApprovedMail({ _id: a.subjectId, title: a.title }, req?.jobId ?? null);
    },
  },
});
