import type { ClientSession, Types } from 'mongoose';
import type { TAuditAction } from '@hireflow/contracts/privacy';
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
