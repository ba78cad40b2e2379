import type { ClientSession, Types } from 'mongoose';
import type { TAuditAction } from '@hireflow/contracts/privacy';
import { User } from '../../users/user.model';
import { AuditEntry } from './audit-entry.model';

export type AuditInput = {
  customerId: Types.ObjectId;
  action: TAuditAction;
  at: Date;
  /** The user who acted (null: the candidate on their privacy page, or the system). */
  actor: { id: Types.ObjectId; name: string } | null;
  /** The candidate concerned, with what the search box finds them by. */
  person?: { id: Types.ObjectId; name: string; email?: string } | null;
  detail?: string;
};

/** The one way anything lands in the privacy audit trail. In the caller's transaction when it has one. */
export async function recordAudit(entries: AuditInput | AuditInput[], session?: ClientSession) {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await AuditEntry.insertMany(
    list.map((e) => ({
      customerId: e.customerId,
      at: e.at,
      action: e.action,
      actorId: e.actor?.id ?? null,
      actorName: e.actor?.name ?? (e.person ? 'The candidate' : 'System'),
      candidateId: e.person?.id ?? null,
      personName: e.person?.name ?? '',
      personKey: e.person ? `${e.person.name} ${e.person.email ?? ''}`.trim().toLowerCase() : '',
      detail: e.detail ?? '',
    })),
    { session },
  );
}

/** A user as the trail names them, read by id within their company (callers that hold only the id). */
export async function auditActorOf(customerId: Types.ObjectId, userId: Types.ObjectId, session?: ClientSession): Promise<{ id: Types.ObjectId; name: string }> {
  const user = await User.findOne({ customerId, _id: userId }, { firstName: 1, lastName: 1 }, { session }).lean();
  return { id: userId, name: user ? nameOf(user) : 'Former user' };
}

export const nameOf = (p: { firstName?: string | null; lastName?: string | null }) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();

/**
 * An export of personal data that names no one candidate (users, reports, referral rewards, the trail itself):
 * one `exported` entry for the user who took it, with what it was.
 */
export async function recordExportAudit({ customerId, userId, at, detail }: { customerId: Types.ObjectId; userId: Types.ObjectId; at: Date; detail: string }, session?: ClientSession) {
  await recordAudit({ customerId, action: 'exported', at, actor: await auditActorOf(customerId, userId, session), detail }, session);
}
