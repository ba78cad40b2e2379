import mongoose, { Schema, model, type ClientSession, type InferSchemaType, type Types } from 'mongoose';
import {
  PlatformAuditActions,
  PlatformAuditTargetKinds,
  SuperadminValidation,
  type TPlatformAuditAction,
  type TPlatformAuditEntry,
  type TPlatformAuditResponse,
  type TPlatformAuditTargetKind,
} from '@hireflow/contracts/superadmin';

/**
 * The platform audit log: every action of the platform super admin, who did it, to what and why. Not
 * tenant-owned (the platform acts on companies; companyId says which one an entry concerns, if any). The
 * actor's and the target's names are copied so the log reads the same after either changes.
 */
const platformAuditSchema = new Schema(
  {
    action: { type: String, enum: PlatformAuditActions, required: true },
    companyId: { type: Schema.Types.ObjectId, ref: 'Customer', default: null },
    target: {
      kind: { type: String, enum: PlatformAuditTargetKinds, required: true },
      id: { type: String, default: null },
      label: { type: String, default: '' },
    },
    actorId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    actorName: { type: String, required: true },
    actorEmail: { type: String, required: true },
    reason: { type: String, default: '' },
    /** What changed, in words ("Growth → Enterprise, 100 seats"). */
    detail: { type: String, default: '' },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
platformAuditSchema.index({ createdAt: -1, _id: -1 });
platformAuditSchema.index({ companyId: 1, createdAt: -1, _id: -1 });
platformAuditSchema.index({ action: 1, createdAt: -1, _id: -1 });

export type PlatformAuditDoc = InferSchemaType<typeof platformAuditSchema> & { _id: Types.ObjectId; createdAt: Date; action: TPlatformAuditAction; target: { kind: TPlatformAuditTargetKind; id?: string | null; label?: string | null } };
export const PlatformAudit = model('PlatformAudit', platformAuditSchema);

export type PlatformActor = { _id: Types.ObjectId; firstName?: string | null; lastName?: string | null; fullName?: string | null; email: string };

export type PlatformAction = {
  action: TPlatformAuditAction;
  actor: PlatformActor;
  target: { kind: TPlatformAuditTargetKind; id?: string | null; label?: string };
  companyId?: Types.ObjectId | null;
  reason?: string;
  detail?: string;
};

const actorName = (a: PlatformActor) => a.fullName || [a.firstName, a.lastName].filter(Boolean).join(' ') || a.email;

/** Writes one entry of the platform audit log; pass the session of the change it records so both land or neither. */
export async function recordPlatformAction(entry: PlatformAction, session?: ClientSession | null) {
  const [doc] = await PlatformAudit.create(
    [
      {
        action: entry.action,
        companyId: entry.companyId ?? null,
        target: { kind: entry.target.kind, id: entry.target.id ?? null, label: entry.target.label ?? '' },
        actorId: entry.actor._id,
        actorName: actorName(entry.actor),
        actorEmail: entry.actor.email,
        reason: entry.reason ?? '',
        detail: entry.detail ?? '',
      },
    ],
    { session: session ?? undefined },
  );
  return doc!;
}

export function presentPlatformAudit(entry: PlatformAuditDoc): TPlatformAuditEntry {
  return {
    id: String(entry._id),
    action: entry.action,
    actor: { id: String(entry.actorId), name: entry.actorName, email: entry.actorEmail },
    target: { kind: entry.target.kind, id: entry.target.id ?? null, label: entry.target.label ?? '' },
    companyId: entry.companyId ? String(entry.companyId) : null,
    reason: entry.reason ?? '',
    detail: entry.detail ?? '',
    at: entry.createdAt.toISOString(),
  };
}

/** One page of the platform audit log, newest first, filtered and counted in the database (each filter has an index). */
export async function listPlatformAudit({ action, companyId, page }: { action?: TPlatformAuditAction; companyId?: string; page: number }): Promise<TPlatformAuditResponse> {
  const { pageSize } = SuperadminValidation;
  const filter: Record<string, unknown> = {};
  if (action) filter.action = action;
  if (companyId) filter.companyId = new mongoose.Types.ObjectId(companyId);
  const [entries, total] = await Promise.all([
    PlatformAudit.find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * pageSize).limit(pageSize).lean<PlatformAuditDoc[]>(),
    PlatformAudit.countDocuments(filter),
  ]);
  return { items: entries.map(presentPlatformAudit), total, page, pageSize };
}

/** The newest entries about one company (its detail page's history). */
export async function companyAuditHistory(companyId: Types.ObjectId, limit = 200): Promise<TPlatformAuditEntry[]> {
  const entries = await PlatformAudit.find({ companyId }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<PlatformAuditDoc[]>();
  return entries.map(presentPlatformAudit);
}
