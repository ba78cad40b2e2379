import mongoose, { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { TApprovalStatus } from '@hireflow/contracts/approvals';
import { Approval } from '../approvals/approval.model';
import type { RequisitionDoc } from './requisition.model';
import { StatusEvent } from './status-event.model';
import { vacancySubject } from './vacancy-approval';

const MarkerId = 'requisition-chains-to-approvals';
const EmbeddedChainFields = ['round', 'approverIds', 'currentStep', 'deciderIds', 'submittedAt', 'decisions', 'chainEvents'] as const;

type ChainEvent = { round: number; step: number; action: string; by: Types.ObjectId; fromApproverId?: Types.ObjectId | null; toApproverId?: Types.ObjectId | null; comment?: string; at: Date };
type LegacyRequisition = RequisitionDoc & {
  round?: number;
  approverIds?: Types.ObjectId[];
  currentStep?: number;
  deciderIds?: Types.ObjectId[];
  submittedAt?: Date | null;
  decisions?: { round: number; step: number; approverId: Types.ObjectId; decision: string; comment: string; at: Date }[];
  chainEvents?: ChainEvent[];
};

/** What the chain of a requisition came to; a draft that was submitted can only have been taken back. */
const statusOf = (req: LegacyRequisition): TApprovalStatus =>
  req.status === 'pending_approval' ? 'pending' : req.status === 'approved' ? 'approved' : req.status === 'rejected' ? 'rejected' : 'withdrawn';

/**
 * Once per database: requisitions kept their approval chain inside them before the approvals module.
 * Each one ever submitted gets its Approval (every round's decisions and chain events, a "submitted"
 * event per round from its status events), and the embedded fields go away. A marker keeps it from
 * running again; an Approval that already exists is left as it is.
 */
export async function moveRequisitionChainsToApprovals(logger?: Logger): Promise<{ moved: number }> {
  const markers = mongoose.connection.collection<{ _id: string; at: Date }>('migrations');
  if (await markers.findOne({ _id: MarkerId })) return { moved: 0 };
  const raw = mongoose.connection.collection<LegacyRequisition>('requisitions');
  const legacy = raw.find({ $or: EmbeddedChainFields.map((f) => ({ [f]: { $exists: true } })) });
  let moved = 0;
  for await (const req of legacy) {
    if ((req.round ?? 0) > 0 && !(await Approval.exists({ customerId: req.customerId, kind: 'vacancy', subjectId: req._id }))) {
      await Approval.collection.insertOne(await approvalOf(req));
      moved += 1;
    }
    await raw.updateOne({ _id: req._id }, { $unset: Object.fromEntries(EmbeddedChainFields.map((f) => [f, ''])) });
  }
  await markers.insertOne({ _id: MarkerId, at: new Date() });
  if (moved) logger?.info({ moved }, 'requisition approval chains moved to the approvals module');
  return { moved };
}

async function approvalOf(req: LegacyRequisition) {
  const round = req.round ?? 0;
  const submissions = await StatusEvent.find({ customerId: req.customerId, entity: 'requisition', entityId: req._id, to: 'pending_approval' }).sort({ at: 1 }).lean();
  // One "submitted" per round: from the status events, the last round from submittedAt when they are missing.
  const submitted = Array.from({ length: round }, (_, i) => {
    const s = submissions[i];
    const at = s?.at ?? (i === round - 1 ? req.submittedAt : null) ?? req.createdAt;
    return { _id: new Types.ObjectId(), round: i + 1, step: 0, action: 'submitted', by: s?.by ?? req.requesterId, fromApproverId: null, toApproverId: null, comment: '', at };
  });
  const chainEvents = (req.chainEvents ?? []).map((e) => ({
    _id: new Types.ObjectId(),
    round: e.round,
    step: e.step,
    action: e.action,
    by: e.by,
    fromApproverId: e.fromApproverId ?? null,
    toApproverId: e.toApproverId ?? null,
    comment: e.comment ?? '',
    at: e.at,
  }));
  const status = statusOf(req);
  const subject = await vacancySubject(req.customerId, req);
  return {
    _id: new Types.ObjectId(),
    customerId: req.customerId,
    kind: 'vacancy' as const,
    subjectId: req._id,
    businessUnitId: subject.businessUnitId,
    requesterId: req.requesterId,
    title: subject.title,
    detail: subject.detail,
    status,
    round,
    approverIds: req.approverIds ?? [],
    currentStep: req.currentStep ?? 0,
    currentApproverId: status === 'pending' ? (req.currentApproverId ?? null) : null,
    deciderIds: req.deciderIds ?? [],
    submittedAt: req.submittedAt ?? submitted.at(-1)?.at ?? null,
    decisions: (req.decisions ?? []).map((d) => ({ _id: new Types.ObjectId(), ...d })),
    events: [...submitted, ...chainEvents].sort((a, b) => a.at.getTime() - b.at.getTime()),
    createdAt: submitted[0]?.at ?? req.createdAt,
    updatedAt: req.updatedAt,
  };
}
