import type { ClientSession, Types } from 'mongoose';
import type { TCandidateActivityKind } from '@hireflow/contracts/candidates';
import type { TAuditAction } from '@hireflow/contracts/privacy';
import { Candidate } from '../../candidates/candidate.model';
import { User } from '../../users/user.model';
import { nameOf, recordAudit, type AuditInput } from './audit';

/** Which timeline entries are privacy events, and as what (the rest is recruiting work, not the trail's). */
export const AuditedActivityKinds: Partial<Record<TCandidateActivityKind, TAuditAction>> = {
  viewed: 'viewed',
  exported: 'exported',
  profile_updated: 'changed',
  merged: 'changed',
  file_added: 'changed',
  unsubscribed: 'changed',
};

type ActivityEntry = { customerId: Types.ObjectId; candidateId: Types.ObjectId; kind: TCandidateActivityKind; by: Types.ObjectId | null; summary: string; at: Date };

/**
 * The audit entries for a batch of timeline entries (recordCandidateActivity calls it in the same session):
 * the candidates' names and emails (what the search box finds) and the users' names are read once per company.
 */
export async function auditCandidateActivity(entries: ActivityEntry[], session?: ClientSession) {
  const audited = entries.filter((e) => AuditedActivityKinds[e.kind]);
  if (audited.length === 0) return;
  const byCompany = new Map<string, ActivityEntry[]>();
  for (const e of audited) byCompany.set(String(e.customerId), [...(byCompany.get(String(e.customerId)) ?? []), e]);
  const out: AuditInput[] = [];
  for (const list of byCompany.values()) {
    const customerId = list[0]!.customerId;
    const candidateIds = [...new Set(list.map((e) => String(e.candidateId)))];
    const userIds = [...new Set(list.flatMap((e) => (e.by ? [String(e.by)] : [])))];
    const [candidates, users] = await Promise.all([
      Candidate.find({ customerId, _id: { $in: candidateIds } }, { firstName: 1, lastName: 1, email: 1 }, { session }).lean(),
      userIds.length ? User.find({ customerId, _id: { $in: userIds } }, { firstName: 1, lastName: 1 }, { session }).lean() : [],
    ]);
    const people = new Map(candidates.map((c) => [String(c._id), c]));
    const names = new Map(users.map((u) => [String(u._id), nameOf(u)]));
    for (const e of list) {
      const c = people.get(String(e.candidateId));
      out.push({
        customerId,
        action: AuditedActivityKinds[e.kind]!,
        at: e.at,
        actor: e.by ? { id: e.by, name: names.get(String(e.by)) ?? 'Former user' } : null,
        person: { id: e.candidateId, name: c ? nameOf(c) : '', email: c?.email ?? '' },
        // "Profile viewed by …" repeats the row's who and action; the other summaries say what happened.
        detail: e.kind === 'viewed' ? '' : e.summary,
      });
    }
  }
  await recordAudit(out, session);
}
