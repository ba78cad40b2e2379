import { Types, type ClientSession } from 'mongoose';
import {
  approvalPagePath,
  type TApprovalKind,
  type TDecideApprovalRequest,
  type TReassignApprovalRequest,
  type TWithdrawApprovalRequest,
} from '@hireflow/contracts/approvals';
import { AppError } from '../../lib/app-error';
import { User, type UserDoc } from '../users/user.model';
import { withTransaction } from '../jobs/with-transaction';
import { approversFor } from './chains/approval-chains.service';
import { notifyUser, type LinkingMailContext } from '../mail/notify-user';
import { Approval, type ApprovalDoc } from './approval.model';

// The one approvals mechanism. A kind (vacancy, offer, agency) registers what happens to its subject when
// the chain ends; this module runs the chain: who decides now, decisions, withdrawals, reassignments,
// the mails, and the lists. Each change is one transaction with the kind's own writes.

type Actor = Pick<UserDoc, '_id' | 'admin' | 'firstName' | 'lastName'>;

/** What a kind's hooks get: they run inside the change's transaction, so their writes commit with it. */
export type ApprovalHookContext = { customerId: Types.ObjectId; approval: ApprovalDoc; by: Types.ObjectId; session: ClientSession; at: Date; comment: string };

type MailText = { subject: string; lines: string[]; link?: string };

export type ApprovalKindHandler = {
  kind: TApprovalKind;
  /** The subject in refusals and mails: "requisition", "offer", "agency". */
  noun: string;
  /** The subject's state in refusals ("This requisition is draft; ..."); defaults to the approval's status. */
  stateOf?: (approval: ApprovalDoc) => string;
  /** After the last approval. */
  onApproved: (ctx: ApprovalHookContext) => Promise<void>;
  /** An approver rejected it: the requester may change it and submit again. */
  onRejected: (ctx: ApprovalHookContext) => Promise<void>;
  /** The requester took it back. */
  onWithdrawn: (ctx: ApprovalHookContext) => Promise<void>;
  /** Optional: the current approver changed while it stays pending (the next step, or a reassignment). */
  onTurn?: (ctx: ApprovalHookContext) => Promise<void>;
  /** Optional: after the last approval has committed (before the requester's mail), e.g. to mail someone outside the chain. */
  afterApproved?: (mail: LinkingMailContext, approval: ApprovalDoc) => Promise<void>;
  /** Each may also answer a promise (e.g. to read the subject for a link); they run after the commit. */
  mails: {
    request: (approval: ApprovalDoc, requesterName: string) => MailText | Promise<MailText>;
    approved: (approval: ApprovalDoc) => MailText | Promise<MailText>;
    rejected: (approval: ApprovalDoc, approverName: string, reason: string) => MailText | Promise<MailText>;
  };
};

const handlers = new Map<TApprovalKind, ApprovalKindHandler>();

/** Each kind registers once, from its module (imported by the API router). */
export function registerApprovalKind(handler: ApprovalKindHandler) {
  handlers.set(handler.kind, handler);
}

function handlerOf(kind: TApprovalKind): ApprovalKindHandler {
  const handler = handlers.get(kind);
  if (!handler) throw AppError.notFound('Approval');
  return handler;
}

export const fullName = (u: Pick<UserDoc, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();
const stateText = (h: ApprovalKindHandler, a: ApprovalDoc) => (h.stateOf ? h.stateOf(a) : a.status);

export async function findApproval(customerId: Types.ObjectId, kind: TApprovalKind, subjectId: Types.ObjectId | string) {
  if (!Types.ObjectId.isValid(String(subjectId))) return null;
  return Approval.findOne({ customerId, kind, subjectId: new Types.ObjectId(String(subjectId)) }).lean<ApprovalDoc>();
}

async function loadApproval(customerId: Types.ObjectId, kind: TApprovalKind, subjectId: Types.ObjectId | string) {
  const approval = await findApproval(customerId, kind, subjectId);
  if (!approval) throw AppError.notFound('Approval');
  return approval;
}

/**
 * The chain a submission goes to (the business unit's own, else the company default); without one nothing
 * may be submitted. Nobody approves their own request: the requester's step is skipped, so a chain of only
 * the requester is refused. Call it before any write, so a refused submission leaves nothing behind.
 */
export async function approvalChainOrThrow(customerId: Types.ObjectId, kind: TApprovalKind, businessUnitId: Types.ObjectId | string | null, requesterId: Types.ObjectId) {
  const { noun } = handlerOf(kind);
  const chain = await approversFor(customerId, kind, businessUnitId ? new Types.ObjectId(String(businessUnitId)) : null);
  if (chain.length === 0) {
    throw AppError.badRequest(`No ${kind} approvers are set up yet. Ask an admin to add them under Company settings > Approvers.`);
  }
  const approvers = chain.filter((a) => !a.equals(requesterId));
  if (approvers.length === 0) {
    throw AppError.badRequest(`You are the only ${kind} approver for this ${noun}, and nobody approves their own request. Ask an admin to add another approver under Company settings > Approvers.`);
  }
  return { approvers, skippedStep: chain.findIndex((a) => a.equals(requesterId)) };
}

export type ApprovalSubject = {
  kind: TApprovalKind;
  subjectId: Types.ObjectId;
  businessUnitId: Types.ObjectId | null;
  requesterId: Types.ObjectId;
  /** What lists show: see ZApprovalSummary. */
  title: string;
  detail: string;
};

/**
 * Starts a new round for a subject (its first submission, or again after a rejection, a withdrawal or a
 * change that needs approval anew), inside the caller's transaction. Mail the first approver with
 * `mailApprovalTurn` after the commit.
 */
export async function startApproval({ customerId, subject, by, session, at = new Date() }: { customerId: Types.ObjectId; subject: ApprovalSubject; by: Types.ObjectId; session: ClientSession; at?: Date }) {
  const { approvers, skippedStep } = await approvalChainOrThrow(customerId, subject.kind, subject.businessUnitId, subject.requesterId);
  const before = await Approval.findOne({ customerId, kind: subject.kind, subjectId: subject.subjectId }, { round: 1, status: 1 }).session(session).lean();
  if (before?.status === 'pending') throw AppError.conflict(`This ${handlerOf(subject.kind).noun} is already waiting for approval`);
  const round = (before?.round ?? 0) + 1;
  const events = [
    { round, step: 0, action: 'submitted', by, at },
    ...(skippedStep < 0
      ? []
      : [{ round, step: skippedStep, action: 'skipped', by: subject.requesterId, fromApproverId: subject.requesterId, comment: `Step ${skippedStep + 1} skipped: the requester does not approve their own request`, at }]),
  ];
  const approval = await Approval.findOneAndUpdate(
    { customerId, kind: subject.kind, subjectId: subject.subjectId, round: before?.round ?? 0 },
    {
      $set: {
        businessUnitId: subject.businessUnitId,
        requesterId: subject.requesterId,
        title: subject.title,
        detail: subject.detail,
        status: 'pending',
        round,
        approverIds: approvers,
        currentStep: 0,
        currentApproverId: approvers[0],
        submittedAt: at,
      },
      $push: { events: { $each: events } },
    },
    { session, upsert: true, returnDocument: 'after' },
  ).lean<ApprovalDoc>();
  return approval!;
}

/** Asks the current approver to decide (after the submission or a reassignment has committed). */
export async function mailApprovalTurn(mail: LinkingMailContext, approval: ApprovalDoc) {
  if (!approval.currentApproverId) return;
  const requester = await User.findOne({ customerId: approval.customerId, _id: approval.requesterId }, { firstName: 1, lastName: 1 }).lean();
  const text = await handlerOf(approval.kind).mails.request(approval, requester ? fullName(requester) : 'A colleague');
  await notifyUser(mail, approval.customerId, approval.currentApproverId, { kind: `${approval.kind}-approval-request`, ...text, link: text.link ?? approvalPagePath(approval.kind, String(approval.subjectId)) });
}

/** The current approver approves (the next one is asked; after the last, the kind's onApproved) or rejects (back to the requester). */
export async function decideApproval({ customerId, actor, kind, subjectId, input, mail }: { customerId: Types.ObjectId; actor: Actor; kind: TApprovalKind; subjectId: Types.ObjectId | string; input: TDecideApprovalRequest; mail: LinkingMailContext }) {
  const h = handlerOf(kind);
  const a = await loadApproval(customerId, kind, subjectId);
  const me = actor._id;
  if (a.decisions.some((d) => d.round === a.round && d.approverId.equals(me))) throw AppError.conflict(`You have already decided on this ${h.noun}`);
  if (a.status !== 'pending') throw AppError.conflict(`This ${h.noun} is not waiting for approval (it is ${stateText(h, a)})`);
  if (!a.currentApproverId?.equals(me)) throw AppError.forbidden(`Only the current approver can decide on this ${h.noun}`);
  if (a.requesterId.equals(me)) throw AppError.forbidden(`Nobody approves their own ${h.noun}; ask an admin to reassign this step`);

  const at = new Date();
  const isLast = a.currentStep >= a.approverIds.length - 1;
  const decision = { round: a.round, step: a.currentStep, approverId: me, decision: input.decision === 'approve' ? 'approved' : 'rejected', comment: input.comment, at };
  const nextApprover = input.decision === 'approve' && !isLast ? a.approverIds[a.currentStep + 1]! : null;
  const finalStatus = input.decision === 'reject' ? 'rejected' : isLast ? 'approved' : null;

  const after = await withTransaction(async (session) => {
    const set = nextApprover ? { currentStep: a.currentStep + 1, currentApproverId: nextApprover } : { status: finalStatus, currentApproverId: null };
    const updated = await Approval.findOneAndUpdate(
      { customerId, _id: a._id, status: 'pending', round: a.round, currentStep: a.currentStep, currentApproverId: me },
      { $set: set, $push: { decisions: decision }, $addToSet: { deciderIds: me } },
      { session, returnDocument: 'after' },
    ).lean<ApprovalDoc>();
    if (!updated) throw AppError.conflict(`This ${h.noun} was decided meanwhile; reload it`);
    const ctx = { customerId, approval: updated, by: me, session, at, comment: input.comment };
    if (finalStatus === 'approved') await h.onApproved(ctx);
    else if (finalStatus === 'rejected') await h.onRejected(ctx);
    else await h.onTurn?.(ctx);
    return updated;
  });

  if (nextApprover) await mailApprovalTurn(mail, after);
  else if (finalStatus === 'rejected') await mailRequester(mail, after, await h.mails.rejected(after, fullName(actor), input.comment), 'rejected');
  else {
    await h.afterApproved?.(mail, after);
    await mailRequester(mail, after, await h.mails.approved(after), 'approved');
  }
  return after;
}

async function mailRequester(mail: LinkingMailContext, a: ApprovalDoc, text: MailText, outcome: 'approved' | 'rejected') {
  await notifyUser(mail, a.customerId, a.requesterId, { kind: `${a.kind}-${outcome}`, ...text, link: text.link ?? approvalPagePath(a.kind, String(a.subjectId)) });
}

/** Pending -> withdrawn by the requester; the current approver's task goes away. Submitting again starts a new round. */
export async function withdrawApproval({ customerId, actor, kind, subjectId, input }: { customerId: Types.ObjectId; actor: Actor; kind: TApprovalKind; subjectId: Types.ObjectId | string; input: TWithdrawApprovalRequest }) {
  const h = handlerOf(kind);
  const a = await loadApproval(customerId, kind, subjectId);
  if (!a.requesterId.equals(actor._id)) throw AppError.forbidden(`Only the person who asked for this ${h.noun} can withdraw it`);
  if (a.status !== 'pending') throw AppError.conflict(`This ${h.noun} is ${stateText(h, a)}; only a${/^[aeiou]/.test(h.noun) ? 'n' : ''} ${h.noun} waiting for approval can be withdrawn`);
  const at = new Date();
  return withTransaction(async (session) => {
    const event = { round: a.round, step: a.currentStep, action: 'withdrawn', by: actor._id, fromApproverId: a.currentApproverId, comment: input.comment, at };
    const updated = await Approval.findOneAndUpdate(
      { customerId, _id: a._id, status: 'pending', round: a.round, currentStep: a.currentStep },
      { $set: { status: 'withdrawn', currentApproverId: null }, $push: { events: event } },
      { session, returnDocument: 'after' },
    ).lean<ApprovalDoc>();
    if (!updated) throw AppError.conflict(`This ${h.noun} changed meanwhile; reload it and try again`);
    await h.onWithdrawn({ customerId, approval: updated, by: actor._id, session, at, comment: input.comment });
    return updated;
  });
}

/**
 * The subject ends the round itself (an offer revoked, or changed so that it needs approval anew), inside
 * the caller's transaction. Nothing when no round is pending.
 */
export async function cancelApproval({ customerId, kind, subjectId, by, comment, session, at = new Date() }: { customerId: Types.ObjectId; kind: TApprovalKind; subjectId: Types.ObjectId; by: Types.ObjectId; comment: string; session: ClientSession; at?: Date }) {
  const a = await Approval.findOne({ customerId, kind, subjectId, status: 'pending' }).session(session).lean<ApprovalDoc>();
  if (!a) return null;
  const event = { round: a.round, step: a.currentStep, action: 'cancelled', by, fromApproverId: a.currentApproverId, comment, at };
  return Approval.findOneAndUpdate({ customerId, _id: a._id, status: 'pending' }, { $set: { status: 'cancelled', currentApproverId: null }, $push: { events: event } }, { session, returnDocument: 'after' }).lean<ApprovalDoc>();
}

/** A company admin gives the current step to another active user of the company, who gets the approval request mail. */
export async function reassignApproval({ customerId, actor, kind, subjectId, input, mail }: { customerId: Types.ObjectId; actor: Actor; kind: TApprovalKind; subjectId: Types.ObjectId | string; input: TReassignApprovalRequest; mail: LinkingMailContext }) {
  const h = handlerOf(kind);
  const a = await loadApproval(customerId, kind, subjectId);
  if (!actor.admin) throw AppError.forbidden('Only a company admin can reassign an approval step');
  if (a.status !== 'pending') throw AppError.conflict(`This ${h.noun} is ${stateText(h, a)}; only a${/^[aeiou]/.test(h.noun) ? 'n' : ''} ${h.noun} waiting for approval can be reassigned`);
  const next = await User.findOne({ customerId, _id: input.approverId, status: 'active' }, { firstName: 1, lastName: 1 }).lean();
  if (!next) throw AppError.badRequest('approverId: not an active user of your company');
  const name = fullName(next);
  if (a.currentApproverId?.equals(next._id)) throw AppError.badRequest(`approverId: ${name} is already the current approver`);
  if (a.requesterId.equals(next._id)) throw AppError.badRequest(`approverId: ${name} asked for this ${h.noun}, and nobody approves their own request`);
  // Someone who already decided this round, or who comes later in the chain, would be asked twice.
  const decidedThisRound = a.decisions.some((d) => d.round === a.round && d.approverId.equals(next._id));
  if (decidedThisRound || a.approverIds.some((x) => x.equals(next._id))) {
    throw AppError.badRequest(`approverId: ${name} already has a step in this approval chain; pick someone else`);
  }
  const step = a.currentStep;
  const at = new Date();
  const event = { round: a.round, step, action: 'reassigned', by: actor._id, fromApproverId: a.currentApproverId, toApproverId: next._id, comment: input.comment, at };
  const updated = await withTransaction(async (session) => {
    const changed = await Approval.findOneAndUpdate(
      { customerId, _id: a._id, status: 'pending', round: a.round, currentStep: step, currentApproverId: a.currentApproverId },
      { $set: { [`approverIds.${step}`]: next._id, currentApproverId: next._id }, $push: { events: event } },
      { session, returnDocument: 'after' },
    ).lean<ApprovalDoc>();
    if (!changed) throw AppError.conflict(`This ${h.noun} changed meanwhile; reload it and try again`);
    await h.onTurn?.({ customerId, approval: changed, by: actor._id, session, at, comment: input.comment });
    return changed;
  });
  await mailApprovalTurn(mail, updated);
  return updated;
}

/** Whether this user is or was in the subject's chain (approvers may read what they are asked to approve). */
export function isInChain(approval: ApprovalDoc | null, userId: Types.ObjectId) {
  if (!approval) return false;
  return approval.requesterId.equals(userId) || approval.approverIds.some((a) => a.equals(userId)) || approval.deciderIds.some((a) => a.equals(userId));
}
