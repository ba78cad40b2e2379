import type { Types } from 'mongoose';
import { ApprovalLimits, approvalPagePath, type TApprovalChainState, type TApprovalHistoryEntry, type TApprovalList, type TApprovalsQuery } from '@hireflow/contracts/approvals';
import type { TUserRef } from '@hireflow/contracts/common';
import type { UserDoc } from '../users/user.model';
import { loadRefs, refOf } from '../jobs/refs';
import { Approval, type ApprovalDoc, type ApprovalEvent } from './approval.model';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const formerUser = (id: Types.ObjectId): TUserRef => ({ id: String(id), name: 'Former user', email: '' });

/** The ids of everyone a chain mentions, for one loadRefs call together with the subject's own people. */
export function approvalUserIds(a: ApprovalDoc | null): Types.ObjectId[] {
  if (!a) return [];
  return [a.requesterId, ...a.approverIds, ...a.decisions.map((d) => d.approverId), ...a.events.flatMap((e) => [e.by, e.fromApproverId, e.toApproverId].filter((x): x is Types.ObjectId => Boolean(x)))];
}

// Same instant: the submission (and the requester's skipped step) comes before decisions; a kind's own closing entry ("opened") last.
const order = (action: string) => ({ submitted: 0, skipped: 1, approved: 2, rejected: 2, reassigned: 2, withdrawn: 2, cancelled: 2, opened: 3 })[action] ?? 4;

/** The history line of a chain change: what happened to which step, then the person's own comment. */
function eventText(e: ApprovalEvent, user: (id: Types.ObjectId) => TUserRef) {
  const own = e.comment ? `: ${e.comment}` : '';
  if (e.action === 'reassigned') return `Step ${e.step + 1} moved from ${e.fromApproverId ? user(e.fromApproverId).name : 'nobody'} to ${e.toApproverId ? user(e.toApproverId).name : 'nobody'}${own}`;
  if (e.action === 'withdrawn') return `Taken back while step ${e.step + 1}${e.fromApproverId ? ` (${user(e.fromApproverId).name})` : ''} was deciding${own}`;
  return e.comment;
}

/**
 * The chain of one subject as its page shows it: this round's steps, every round's history (plus the
 * kind's own entries, e.g. the job opening), and what the caller may do. `users` comes from loadRefs over
 * approvalUserIds.
 */
export function presentApprovalChain(approval: ApprovalDoc | null, actor: Pick<UserDoc, '_id' | 'admin'>, users: Map<string, TUserRef>, extraHistory: TApprovalHistoryEntry[] = []): TApprovalChainState {
  const user = (id: Types.ObjectId) => refOf(users, id) ?? formerUser(id);
  if (!approval) return { status: null, round: 0, steps: [], history: extraHistory, canDecide: false, canWithdraw: false, canReassign: false };
  const a = approval;
  const pending = a.status === 'pending';
  const thisRound = a.decisions.filter((d) => d.round === a.round);
  const steps = a.approverIds.map((approverId, i) => {
    const decided = thisRound.find((d) => d.step === i);
    const state: TApprovalChainState['steps'][number]['state'] = decided ? decided.decision : pending && i === a.currentStep ? 'current' : 'waiting';
    return { order: i + 1, approver: user(approverId), state, comment: decided?.comment ?? '', decidedAt: iso(decided?.at) };
  });
  const history: TApprovalHistoryEntry[] = [
    ...a.events.map((e) => ({ round: e.round, action: e.action, by: e.by ? user(e.by) : null, comment: eventText(e, user), at: e.at.toISOString() })),
    ...a.decisions.map((d) => ({ round: d.round, action: d.decision, by: user(d.approverId), comment: d.comment, at: d.at.toISOString() })),
    ...extraHistory,
  ].sort((x, y) => x.at.localeCompare(y.at) || order(x.action) - order(y.action));
  return {
    status: a.status,
    round: a.round,
    steps,
    history,
    canDecide: pending && Boolean(a.currentApproverId?.equals(actor._id)) && !a.requesterId.equals(actor._id),
    canWithdraw: pending && a.requesterId.equals(actor._id),
    canReassign: pending && actor.admin,
  };
}

/** The filter and order of one view of the list (a kind's own list may page through it with its own fields). */
export function approvalsViewQuery(customerId: Types.ObjectId, me: Types.ObjectId, view: TApprovalsQuery['view'], kind?: TApprovalsQuery['kind']) {
  const kindFilter = kind ? { kind } : {};
  if (view === 'pending') return [{ customerId, currentApproverId: me, ...kindFilter }, { submittedAt: -1 as const }] as const;
  if (view === 'decided') return [{ customerId, deciderIds: me, ...kindFilter }, { updatedAt: -1 as const }] as const;
  return [{ customerId, requesterId: me, ...kindFilter }, { updatedAt: -1 as const }] as const;
}

/** What waits for me, what I decided, what I asked for: one query on one collection, any kind or one. */
export async function listApprovals({ customerId, actor, kind, view, page }: { customerId: Types.ObjectId; actor: Pick<UserDoc, '_id'> } & TApprovalsQuery): Promise<TApprovalList> {
  const me = actor._id;
  const [filter, sort] = approvalsViewQuery(customerId, me, view, kind);
  const pageSize = ApprovalLimits.pageSize;
  const [rows, total] = await Promise.all([
    Approval.find(filter).sort(sort).skip((page - 1) * pageSize).limit(pageSize).lean<ApprovalDoc[]>(),
    Approval.countDocuments(filter),
  ]);
  const refs = await loadRefs(customerId, { users: rows.flatMap((r) => [r.requesterId, r.currentApproverId]) });
  const items = rows.map((r) => {
    const mine = [...r.decisions].reverse().find((d) => d.approverId.equals(me));
    return {
      id: String(r._id),
      kind: r.kind,
      subjectId: String(r.subjectId),
      title: r.title,
      detail: r.detail,
      link: approvalPagePath(r.kind, String(r.subjectId)),
      status: r.status,
      requester: refOf(refs.users, r.requesterId) ?? formerUser(r.requesterId),
      currentApprover: r.currentApproverId ? (refOf(refs.users, r.currentApproverId) ?? formerUser(r.currentApproverId)) : null,
      submittedAt: iso(r.submittedAt),
      myDecision: mine?.decision ?? null,
      myDecidedAt: iso(mine?.at),
    };
  });
  return { items, total, page, pageSize };
}
