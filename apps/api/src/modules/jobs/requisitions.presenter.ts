import type { Types } from 'mongoose';
import type { TRequisition, TVacancyApprovalSummary } from '@hireflow/contracts/jobs';
import type { TApprovalHistoryEntry } from '@hireflow/contracts/approvals';
import type { UserDoc } from '../users/user.model';
import type { ApprovalDoc } from '../approvals/approval.model';
import { approvalUserIds, presentApprovalChain } from '../approvals/approvals.presenter';
import type { RequisitionDoc } from './requisition.model';
import { StatusEvent } from './status-event.model';
import { loadRefs, refOf, refsOf } from './refs';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const formerUser = (id: Types.ObjectId) => ({ id: String(id), name: 'Former user', email: '' });

export async function presentRequisition(customerId: Types.ObjectId, actor: UserDoc, req: RequisitionDoc, approval: ApprovalDoc | null): Promise<TRequisition> {
  // The job opening after the last approval is the requisition's own history entry ("opened").
  const openings = await StatusEvent.find({ customerId, entity: 'requisition', entityId: req._id, to: 'approved' }).sort({ at: 1 }).lean();
  const refs = await loadRefs(customerId, {
    users: [req.requesterId, req.hiringManagerId ?? null, ...req.recruiterIds, ...req.interviewerIds, ...req.followerIds, ...openings.map((s) => s.by), ...approvalUserIds(approval)],
    departments: [req.departmentId ?? null],
    businessUnits: [req.businessUnitId ?? null],
    locations: [req.locationId ?? null],
    jobCodes: [req.jobCodeId ?? null],
  });
  const user = (id: Types.ObjectId) => refOf(refs.users, id) ?? formerUser(id);
  const submissions = (approval?.events ?? []).filter((e) => e.action === 'submitted');
  const opened: TApprovalHistoryEntry[] = openings.map((s) => ({
    round: submissions.filter((e) => e.at <= s.at).length,
    action: 'opened',
    by: s.by ? user(s.by) : null,
    comment: '',
    at: s.at.toISOString(),
  }));
  const chain = presentApprovalChain(approval, actor, refs.users, opened);

  return {
    id: String(req._id),
    title: req.title,
    status: req.status,
    jobId: req.jobId ? String(req.jobId) : null,
    jobCode: refOf(refs.jobCodes, req.jobCodeId),
    department: refOf(refs.departments, req.departmentId),
    businessUnit: refOf(refs.businessUnits, req.businessUnitId),
    location: refOf(refs.locations, req.locationId),
    headcount: req.headcount,
    employmentType: req.employmentType,
    salaryBand: req.salaryBand ? { min: req.salaryBand.min ?? 0, max: req.salaryBand.max ?? 0, currency: req.salaryBand.currency ?? '' } : null,
    targetStartDate: req.targetStartDate ?? null,
    justification: req.justification,
    headcountJustification: req.headcountJustification,
    team: {
      hiringManager: refOf(refs.users, req.hiringManagerId),
      recruiters: refsOf(refs.users, req.recruiterIds),
      interviewers: refsOf(refs.users, req.interviewerIds),
      followers: refsOf(refs.users, req.followerIds),
    },
    customFields: (req.customFields ?? {}) as Record<string, unknown>,
    requester: user(req.requesterId),
    round: chain.round,
    steps: chain.steps,
    history: chain.history,
    canDecide: chain.canDecide,
    canEdit: req.requesterId.equals(actor._id) && (req.status === 'draft' || req.status === 'rejected'),
    canWithdraw: chain.canWithdraw,
    canReassign: chain.canReassign,
    createdAt: req.createdAt.toISOString(),
    updatedAt: req.updatedAt.toISOString(),
  };
}

export async function presentVacancyApprovalSummary(customerId: Types.ObjectId, actor: UserDoc, rows: { req: RequisitionDoc; approval: ApprovalDoc | null }[]): Promise<TVacancyApprovalSummary[]> {
  const refs = await loadRefs(customerId, {
    users: rows.map((r) => r.req.requesterId),
    departments: rows.map((r) => r.req.departmentId ?? null),
    locations: rows.map((r) => r.req.locationId ?? null),
  });
  return rows.map(({ req, approval }) => {
    const mine = [...(approval?.decisions ?? [])].reverse().find((d) => d.approverId.equals(actor._id));
    return {
      id: String(req._id),
      title: req.title,
      status: req.status,
      requester: refOf(refs.users, req.requesterId) ?? formerUser(req.requesterId),
      department: refOf(refs.departments, req.departmentId),
      location: refOf(refs.locations, req.locationId),
      headcount: req.headcount,
      submittedAt: iso(approval?.submittedAt),
      myDecision: mine?.decision ?? null,
      myDecidedAt: iso(mine?.at),
    };
  });
}
