import type { Types } from 'mongoose';
import type { TRequisition, TUserRef, TVacancyApprovalSummary } from '@hireflow/contracts/jobs';
import type { UserDoc } from '../users/user.model';
import type { RequisitionDoc } from './requisition.model';
import { StatusEvent } from './status-event.model';
import { loadRefs, refOf, refsOf } from './refs';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export async function presentRequisition(customerId: Types.ObjectId, actor: UserDoc, req: RequisitionDoc): Promise<TRequisition> {
  const submissions = await StatusEvent.find({ customerId, entity: 'requisition', entityId: req._id, to: { $in: ['pending_approval', 'approved'] } })
    .sort({ at: 1 })
    .lean();
  const refs = await loadRefs(customerId, {
    users: [req.requesterId, req.hiringManagerId ?? null, ...req.recruiterIds, ...req.interviewerIds, ...req.followerIds, ...req.approverIds, ...req.decisions.map((d) => d.approverId), ...submissions.map((s) => s.by), ...chainEventUsers(req)],
    departments: [req.departmentId ?? null],
    businessUnits: [req.businessUnitId ?? null],
    locations: [req.locationId ?? null],
    jobCodes: [req.jobCodeId ?? null],
  });
  const unknownUser = (id: Types.ObjectId) => ({ id: String(id), name: 'Former user', email: '' });
  const user = (id: Types.ObjectId) => refOf(refs.users, id) ?? unknownUser(id);
  const thisRound = req.decisions.filter((d) => d.round === req.round);

  const steps = req.approverIds.map((approverId, order) => {
    const decided = thisRound.find((d) => d.step === order);
    const state: TRequisition['steps'][number]['state'] = decided
      ? decided.decision
      : req.status === 'pending_approval' && order === req.currentStep
        ? 'current'
        : 'waiting';
    return { order: order + 1, approver: user(approverId), state, comment: decided?.comment ?? '', decidedAt: iso(decided?.at) };
  });

  let round = 0;
  const history: TRequisition['history'] = [
    ...submissions.map((s) => ({
      round: s.to === 'pending_approval' ? ++round : round,
      action: s.to === 'pending_approval' ? ('submitted' as const) : ('opened' as const),
      by: s.by ? user(s.by) : null,
      comment: '',
      at: s.at.toISOString(),
    })),
    ...req.decisions.map((d) => ({ round: d.round, action: d.decision, by: user(d.approverId), comment: d.comment, at: d.at.toISOString() })),
    ...(req.chainEvents ?? []).map((e) => ({ round: e.round, action: e.action, by: user(e.by), comment: chainEventText(e, user), at: e.at.toISOString() })),
  ].sort((a, b) => a.at.localeCompare(b.at) || order(a.action) - order(b.action));

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
    round: req.round,
    steps,
    history,
    canDecide: req.status === 'pending_approval' && Boolean(req.currentApproverId?.equals(actor._id)),
    canEdit: req.requesterId.equals(actor._id) && (req.status === 'draft' || req.status === 'rejected'),
    canWithdraw: req.status === 'pending_approval' && req.requesterId.equals(actor._id),
    canReassign: req.status === 'pending_approval' && actor.admin,
    createdAt: req.createdAt.toISOString(),
    updatedAt: req.updatedAt.toISOString(),
  };
}

// Same instant: the submission (and the requester's skipped step) comes before decisions, the last approval before "opened".
const order = (action: string) => ({ submitted: 0, skipped: 1, approved: 2, rejected: 2, reassigned: 2, withdrawn: 2, opened: 3 })[action] ?? 4;

type ChainEvent = RequisitionDoc['chainEvents'][number];
const chainEventUsers = (req: RequisitionDoc) => (req.chainEvents ?? []).flatMap((e) => [e.by, e.fromApproverId ?? null, e.toApproverId ?? null]);

/** The history line of a chain change: what happened to which step, then the person's own comment. */
function chainEventText(e: ChainEvent, user: (id: Types.ObjectId) => TUserRef) {
  const own = e.comment ? `: ${e.comment}` : '';
  if (e.action === 'reassigned') return `Step ${e.step + 1} moved from ${e.fromApproverId ? user(e.fromApproverId).name : 'nobody'} to ${e.toApproverId ? user(e.toApproverId).name : 'nobody'}${own}`;
  if (e.action === 'withdrawn') return `Taken back while step ${e.step + 1}${e.fromApproverId ? ` (${user(e.fromApproverId).name})` : ''} was deciding${own}`;
  return e.comment;
}

export async function presentVacancyApprovalSummary(customerId: Types.ObjectId, actor: UserDoc, rows: RequisitionDoc[]): Promise<TVacancyApprovalSummary[]> {
  const refs = await loadRefs(customerId, {
    users: rows.map((r) => r.requesterId),
    departments: rows.map((r) => r.departmentId ?? null),
    locations: rows.map((r) => r.locationId ?? null),
  });
  return rows.map((r) => {
    const mine = [...r.decisions].reverse().find((d) => d.approverId.equals(actor._id));
    return {
      id: String(r._id),
      title: r.title,
      status: r.status,
      requester: refOf(refs.users, r.requesterId) ?? { id: String(r.requesterId), name: 'Former user', email: '' },
      department: refOf(refs.departments, r.departmentId),
      location: refOf(refs.locations, r.locationId),
      headcount: r.headcount,
      submittedAt: iso(r.submittedAt),
      myDecision: mine?.decision ?? null,
      myDecidedAt: iso(mine?.at),
    };
  });
}
