import { Types } from 'mongoose';
import type { TRejectionReason, TRejectionReasonList } from '@hireflow/contracts/pipeline';
import {
  RejectionReasonLimits,
  RejectionReasonMessages,
  type TCreateRejectionReasonRequest,
  type TUpdateRejectionReasonRequest,
} from '@hireflow/contracts/pipeline-rejections';
import { AppError } from '../../../lib/app-error';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { RejectionReason, type RejectionReasonDoc } from './rejection-reason.model';
import { loadRejectionReasons, reasonKey } from './rejection-reasons';

const notFound = () => AppError.notFound('Rejection reason');

/**
 * How many rejected applications carry each reason now: one aggregate over the company's rejected
 * applications (by the stageKind index), grouped by the stored label; a renamed reason also counts the
 * rejections made under its former labels.
 */
async function usageOf(customerId: Types.ObjectId, reasons: RejectionReasonDoc[]): Promise<Map<string, number>> {
  const groups = await Application.aggregate<{ _id: string; n: number }>([
    { $match: { customerId, stageKind: 'rejected', rejectionReason: { $gt: '' } } },
    { $group: { _id: '$rejectionReason', n: { $sum: 1 } } },
  ]);
  const byKey = new Map<string, number>();
  for (const g of groups) byKey.set(reasonKey(g._id), (byKey.get(reasonKey(g._id)) ?? 0) + g.n);
  const owner = new Map<string, string>();
  for (const r of reasons) owner.set(r.labelKey, String(r._id));
  for (const r of reasons) for (const k of r.formerKeys ?? []) if (!owner.has(k)) owner.set(k, String(r._id));
  const used = new Map<string, number>();
  for (const [key, n] of byKey) {
    const id = owner.get(key);
    if (id) used.set(id, (used.get(id) ?? 0) + n);
  }
  return used;
}

const present = (r: RejectionReasonDoc, usedCount: number): TRejectionReason => ({ id: String(r._id), label: r.label, active: r.active, usedCount });

/** The list in its order; `usage` adds how often each reason is used (company settings), which costs one aggregate. */
export async function listRejectionReasons(customerId: Types.ObjectId, { usage = false } = {}): Promise<TRejectionReasonList> {
  const reasons = await loadRejectionReasons(customerId);
  const used = usage ? await usageOf(customerId, reasons) : new Map<string, number>();
  return { items: reasons.map((r) => present(r, used.get(String(r._id)) ?? 0)) };
}

async function findReason(customerId: Types.ObjectId, id: string) {
  if (!Types.ObjectId.isValid(id)) throw notFound();
  const found = await RejectionReason.findOne({ customerId, _id: new Types.ObjectId(id) }).lean<RejectionReasonDoc>();
  if (!found) throw notFound();
  return found;
}

function assertUniqueLabel(reasons: RejectionReasonDoc[], label: string, exceptId?: Types.ObjectId) {
  const clash = reasons.find((r) => r.labelKey === reasonKey(label) && !(exceptId && r._id.equals(exceptId)));
  if (clash) throw AppError.conflict(RejectionReasonMessages.duplicate(clash.label));
}

const duplicateKey = (label: string) => (error: { code?: number }) => {
  // Two admins adding the same label at once: the unique index answers for the second.
  if (error.code === 11000) throw AppError.conflict(RejectionReasonMessages.duplicate(label));
  throw error;
};

export async function createRejectionReason({ customerId, input }: { customerId: Types.ObjectId; input: TCreateRejectionReasonRequest }) {
  const label = input.label.trim();
  const reasons = await loadRejectionReasons(customerId);
  assertUniqueLabel(reasons, label);
  if (reasons.length >= RejectionReasonLimits.perCompany) throw AppError.badRequest(RejectionReasonMessages.tooMany);
  const position = reasons.reduce((max, r) => Math.max(max, r.position ?? 0), -1) + 1;
  const created = await RejectionReason.create({ customerId, label, labelKey: reasonKey(label), position }).catch(duplicateKey(label));
  return present(created.toObject() as RejectionReasonDoc, 0);
}

/** Rename (past rejections keep the label they were given), retire or restore. */
export async function updateRejectionReason({ customerId, id, input }: { customerId: Types.ObjectId; id: string; input: TUpdateRejectionReasonRequest }) {
  const reason = await findReason(customerId, id);
  const reasons = await loadRejectionReasons(customerId);
  const $set: Record<string, unknown> = {};
  const update: Record<string, unknown> = { $set };
  if (input.label !== undefined && input.label.trim() !== reason.label) {
    const label = input.label.trim();
    assertUniqueLabel(reasons, label, reason._id);
    Object.assign($set, { label, labelKey: reasonKey(label) });
    if (reasonKey(label) !== reason.labelKey) update.$addToSet = { formerKeys: reason.labelKey };
  }
  if (input.active !== undefined && input.active !== reason.active) {
    if (!input.active && !reasons.some((r) => r.active && !r._id.equals(reason._id))) throw AppError.badRequest(RejectionReasonMessages.lastActive);
    $set.active = input.active;
  }
  if (Object.keys($set).length) {
    await RejectionReason.updateOne({ customerId, _id: reason._id }, update).catch(duplicateKey(String($set.label ?? reason.label)));
  }
  const list = await listRejectionReasons(customerId, { usage: true });
  return list.items.find((r) => r.id === String(reason._id))!;
}

/** The whole list in a new order (every id exactly once, so a stale page cannot lose a reason). */
export async function reorderRejectionReasons({ customerId, ids }: { customerId: Types.ObjectId; ids: string[] }) {
  const reasons = await loadRejectionReasons(customerId);
  const wanted = ids.map((id) => id.toLowerCase());
  const known = new Set(reasons.map((r) => String(r._id)));
  if (wanted.length !== reasons.length || new Set(wanted).size !== wanted.length || wanted.some((id) => !known.has(id))) {
    throw AppError.badRequest(RejectionReasonMessages.reorderMismatch);
  }
  await RejectionReason.bulkWrite(wanted.map((id, position) => ({ updateOne: { filter: { customerId, _id: new Types.ObjectId(id) }, update: { $set: { position } } } })));
  return listRejectionReasons(customerId, { usage: true });
}

/** Only a reason never used (by an application now or in the stage history) may go; a used one is retired instead. */
export async function deleteRejectionReason({ customerId, id }: { customerId: Types.ObjectId; id: string }) {
  const reason = await findReason(customerId, id);
  const reasons = await loadRejectionReasons(customerId);
  const used = (await usageOf(customerId, reasons)).get(String(reason._id)) ?? 0;
  if (used > 0) throw AppError.conflict(RejectionReasonMessages.inUse(used));
  const labels = await StageEvent.distinct('reason', { customerId, toKind: 'rejected', withdrawn: false, reason: { $gt: '' } });
  const keys = new Set([reason.labelKey, ...(reason.formerKeys ?? [])]);
  const past = labels.filter((l) => keys.has(reasonKey(String(l))));
  if (past.length) {
    const count = await StageEvent.countDocuments({ customerId, toKind: 'rejected', withdrawn: false, reason: { $in: past } });
    throw AppError.conflict(RejectionReasonMessages.inUse(count));
  }
  if (reason.active && !reasons.some((r) => r.active && !r._id.equals(reason._id))) throw AppError.badRequest(RejectionReasonMessages.lastActive);
  await RejectionReason.deleteOne({ customerId, _id: reason._id });
}
