import type { Types } from 'mongoose';
import type { TReassignApprovalRequest, TWithdrawRequisitionRequest } from '@hireflow/contracts/jobs';
import { AppError } from '../../lib/app-error';
import { User, type UserDoc } from '../users/user.model';
import { Requisition } from './requisition.model';
import { Job } from './job.model';
import { recordJobStatus, recordRequisitionStatus } from './job-records';
import { withTransaction } from './with-transaction';
import { mailApproverTurn, type JobsMailContext } from './jobs.mail';
import { fullName, getRequisition, loadRequisition, requesterName } from './requisitions.service';

// Ways to unstick a pending requisition that are not decisions: the requester takes it back, or an
// admin hands the current step to someone who can decide (the approver left or was deactivated).

type Base = { customerId: Types.ObjectId; actor: UserDoc; id: string };
const statusText = (s: string) => s.replace('_', ' ');

/** Pending -> draft (its job too); the current approver's task goes away. Resubmitting starts a new round. */
export async function withdrawRequisition({ customerId, actor, id, input }: Base & { input: TWithdrawRequisitionRequest }) {
  const req = await loadRequisition(customerId, id);
  if (!req.requesterId.equals(actor._id)) throw AppError.forbidden('Only the person who asked for this requisition can withdraw it');
  if (req.status !== 'pending_approval') throw AppError.conflict(`This requisition is ${statusText(req.status)}; only a requisition waiting for approval can be withdrawn`);
  const now = new Date();
  await withTransaction(async (session) => {
    const ctx = { customerId, by: actor._id, session, at: now };
    const event = { round: req.round, step: req.currentStep, action: 'withdrawn', by: actor._id, fromApproverId: req.currentApproverId, comment: input.comment, at: now };
    const updated = await Requisition.updateOne(
      { customerId, _id: req._id, status: 'pending_approval', round: req.round, currentStep: req.currentStep },
      { $set: { status: 'draft', currentApproverId: null }, $push: { chainEvents: event } },
      { session },
    );
    if (updated.matchedCount === 0) throw AppError.conflict('This requisition changed meanwhile; reload it and try again');
    await recordRequisitionStatus(ctx, req, 'pending_approval', 'draft', input.comment || 'Withdrawn by the requester');
    const job = await Job.findOneAndUpdate({ customerId, _id: req.jobId, status: 'pending_approval' }, { $set: { status: 'draft' } }, { session, returnDocument: 'after' }).lean();
    if (!job) throw AppError.conflict('The job of this requisition is not pending approval');
    await recordJobStatus(ctx, job, 'pending_approval', 'draft', 'Requisition withdrawn by the requester');
  });
  return getRequisition({ customerId, actor, id });
}

/** A company admin gives the current step to another active user of the company, who gets the approval request mail. */
export async function reassignVacancyApproval({ customerId, actor, id, input, mail }: Base & { input: TReassignApprovalRequest; mail: JobsMailContext }) {
  const req = await loadRequisition(customerId, id);
  if (!actor.admin) throw AppError.forbidden('Only a company admin can reassign an approval step');
  if (req.status !== 'pending_approval') throw AppError.conflict(`This requisition is ${statusText(req.status)}; only a requisition waiting for approval can be reassigned`);
  const next = await User.findOne({ customerId, _id: input.approverId, status: 'active' }, { firstName: 1, lastName: 1 }).lean();
  if (!next) throw AppError.badRequest('approverId: not an active user of your company');
  const name = fullName(next);
  if (req.currentApproverId?.equals(next._id)) throw AppError.badRequest(`approverId: ${name} is already the current approver`);
  if (req.requesterId.equals(next._id)) throw AppError.badRequest(`approverId: ${name} asked for this requisition, and nobody approves their own request`);
  // Someone who already decided this round, or who comes later in the chain, would be asked twice.
  const decidedThisRound = req.decisions.some((d) => d.round === req.round && d.approverId.equals(next._id));
  if (decidedThisRound || req.approverIds.some((a) => a.equals(next._id))) {
    throw AppError.badRequest(`approverId: ${name} already has a step in this approval chain; pick someone else`);
  }

  const step = req.currentStep;
  const event = { round: req.round, step, action: 'reassigned', by: actor._id, fromApproverId: req.currentApproverId, toApproverId: next._id, comment: input.comment, at: new Date() };
  const updated = await Requisition.updateOne(
    { customerId, _id: req._id, status: 'pending_approval', round: req.round, currentStep: step, currentApproverId: req.currentApproverId },
    { $set: { [`approverIds.${step}`]: next._id, currentApproverId: next._id }, $push: { chainEvents: event } },
  );
  if (updated.matchedCount === 0) throw AppError.conflict('This requisition changed meanwhile; reload it and try again');
  await mailApproverTurn(mail, req, next._id, await requesterName(customerId, req));
  return getRequisition({ customerId, actor, id });
}
