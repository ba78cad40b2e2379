import type { Types } from 'mongoose';
import type { TWithdrawRequisitionRequest } from '@hireflow/contracts/jobs';
import type { TDecideApprovalRequest, TReassignApprovalRequest } from '@hireflow/contracts/approvals';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { decideApproval, findApproval, reassignApproval, withdrawApproval } from '../approvals/approvals.service';
import type { JobsMailContext } from './jobs.mail';
import { getRequisition, loadRequisition } from './requisitions.service';

// The vacancy endpoints of a requisition's chain (/api/vacancy-approvals/..., /api/requisitions/:id/withdraw):
// the approvals module decides; these add the requisition's own answers (404 for another company's,
// the requisition's state for one never submitted) and answer with the requisition.

type Base = { customerId: Types.ObjectId; actor: UserDoc; id: string };
const statusText = (s: string) => s.replace('_', ' ');

/** The requisition (404 if not in this company) and whether it was ever submitted (else `notSubmitted`). */
async function submittedRequisition(customerId: Types.ObjectId, id: string, notSubmitted: (status: string) => AppError) {
  const req = await loadRequisition(customerId, id);
  if (!(await findApproval(customerId, 'vacancy', req._id))) throw notSubmitted(statusText(req.status));
  return req;
}

/** The current approver approves (the next one is asked; the last one opens the job) or rejects (back to the requester). */
export async function decideVacancyApproval({ customerId, actor, id, input, mail }: Base & { input: TDecideApprovalRequest; mail: JobsMailContext }) {
  const req = await submittedRequisition(customerId, id, (s) => AppError.conflict(`This requisition is not waiting for approval (it is ${s})`));
  await decideApproval({ customerId, actor, kind: 'vacancy', subjectId: req._id, input, mail });
  return getRequisition({ customerId, actor, id });
}

/** Pending -> draft (its job too); the current approver's task goes away. Resubmitting starts a new round. */
export async function withdrawRequisition({ customerId, actor, id, input }: Base & { input: TWithdrawRequisitionRequest }) {
  const req = await loadRequisition(customerId, id);
  if (!req.requesterId.equals(actor._id)) throw AppError.forbidden('Only the person who asked for this requisition can withdraw it');
  await submittedRequisition(customerId, id, (s) => AppError.conflict(`This requisition is ${s}; only a requisition waiting for approval can be withdrawn`));
  await withdrawApproval({ customerId, actor, kind: 'vacancy', subjectId: req._id, input });
  return getRequisition({ customerId, actor, id });
}

/** A company admin gives the current step to another active user of the company, who gets the approval request mail. */
export async function reassignVacancyApproval({ customerId, actor, id, input, mail }: Base & { input: TReassignApprovalRequest; mail: JobsMailContext }) {
  const req = await submittedRequisition(customerId, id, (s) =>
    actor.admin ? AppError.conflict(`This requisition is ${s}; only a requisition waiting for approval can be reassigned`) : AppError.forbidden('Only a company admin can reassign an approval step'),
  );
  await reassignApproval({ customerId, actor, kind: 'vacancy', subjectId: req._id, input, mail });
  return getRequisition({ customerId, actor, id });
}
