import { Types } from 'mongoose';
import { AuditPageSize, DefaultPrivacySettings, ZAuditFilters, type TAuditEntry, type TAuditList, type ZAuditQuery } from '@hireflow/contracts/privacy';
import type { z } from 'zod';
import { Customer } from '../../org/customer.model';
import { AuditEntry, type AuditEntryDoc } from './audit-entry.model';

export type AuditFilters = z.output<typeof ZAuditFilters>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const dayMs = 24 * 3600_000;

/**
 * The database filter of the trail's search, always within the company: person (part of the name or email,
 * any case, taken literally), user, action, and from/to as whole UTC days. `until` caps it at a moment (an
 * export writes what the trail held when it was asked).
 */
export function auditFilter(customerId: Types.ObjectId, f: AuditFilters, until?: Date) {
  const filter: Record<string, unknown> = { customerId };
  const person = f.person?.trim().toLowerCase();
  if (person) filter.personKey = { $regex: escapeRegex(person) };
  if (f.userId) filter.actorId = new Types.ObjectId(f.userId);
  if (f.action) filter.action = f.action;
  const at: Record<string, Date> = {};
  if (f.from) at.$gte = new Date(`${f.from}T00:00:00.000Z`);
  if (f.to) at.$lt = new Date(new Date(`${f.to}T00:00:00.000Z`).getTime() + dayMs);
  if (until && (!at.$lt || until.getTime() < at.$lt.getTime())) {
    delete at.$lt;
    at.$lte = until;
  }
  if (Object.keys(at).length) filter.at = at;
  return filter;
}

/** Newest first; _id breaks ties so that pages never repeat or skip an entry. */
export const auditSort = { at: -1, _id: -1 } as const;

export function presentAuditEntry(e: AuditEntryDoc): TAuditEntry {
  return {
    id: String(e._id),
    at: e.at.toISOString(),
    action: e.action,
    actor: { id: e.actorId ? String(e.actorId) : null, name: e.actorName },
    person: e.candidateId ? { id: String(e.candidateId), name: e.personName } : null,
    detail: e.detail,
  };
}

/** How many months the company keeps its trail (its privacy settings, or the default). */
export async function auditMonthsOf(customerId: Types.ObjectId) {
  const customer = await Customer.findById(customerId, { 'privacy.auditMonths': 1 }).lean();
  return customer?.privacy?.auditMonths ?? DefaultPrivacySettings.auditMonths;
}

/** One page of the trail (AuditPageSize), paged in the database. */
export async function listAudit({ customerId, query }: { customerId: Types.ObjectId; query: z.output<typeof ZAuditQuery> }): Promise<TAuditList> {
  const filter = auditFilter(customerId, query);
  const page = query.page;
  const [rows, total, keptMonths] = await Promise.all([
    AuditEntry.find(filter).sort(auditSort).skip((page - 1) * AuditPageSize).limit(AuditPageSize).lean<AuditEntryDoc[]>(),
    AuditEntry.countDocuments(filter),
    auditMonthsOf(customerId),
  ]);
  return { items: rows.map(presentAuditEntry), total, page, pageSize: AuditPageSize, keptMonths };
}
