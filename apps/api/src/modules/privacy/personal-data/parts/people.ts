import type { ClientSession, Model, Types } from 'mongoose';
import { ErasedCandidateName } from '@hireflow/contracts/privacy';
import { Candidate, type CandidateDoc } from '../../../candidates/candidate.model';
import { Application } from '../../../candidates/applications/application.model';
import { Interview } from '../../../interviews/interview.model';
import { Offer } from '../../../offers/offer.model';

export const AnonymousName = `${ErasedCandidateName.firstName} ${ErasedCandidateName.lastName}`;
export const Erased = '[erased]';

/**
 * One person as the company holds them: the candidate and every duplicate merged into them (the
 * `mergedIntoId` chain), their applications, interviews and offers, and what names them in free text.
 */
export type PersonSet = {
  customerId: Types.ObjectId;
  candidates: CandidateDoc[];
  candidateIds: Types.ObjectId[];
  applicationIds: Types.ObjectId[];
  jobIds: Types.ObjectId[];
  interviewIds: Types.ObjectId[];
  offerIds: Types.ObjectId[];
  emails: string[];
  needles: Needles;
};

export async function loadPersonSet(customerId: Types.ObjectId, candidateId: Types.ObjectId, session?: ClientSession): Promise<PersonSet | null> {
  const main = await Candidate.findOne({ customerId, _id: candidateId }, null, { session }).lean<CandidateDoc>();
  if (!main) return null;
  const candidates: CandidateDoc[] = [main];
  // Duplicates merged into this one, and those merged into them (a chain of merges), once each.
  let frontier = [main._id];
  while (frontier.length) {
    const merged = await Candidate.find({ customerId, mergedIntoId: { $in: frontier } }, null, { session }).lean<CandidateDoc[]>();
    const fresh = merged.filter((m) => !candidates.some((c) => c._id.equals(m._id)));
    candidates.push(...fresh);
    frontier = fresh.map((m) => m._id);
  }
  const candidateIds = candidates.map((c) => c._id);
  const applications = await Application.find({ customerId, candidateId: { $in: candidateIds } }, { _id: 1, jobId: 1, candidateName: 1, candidateEmail: 1, candidatePhone: 1 }, { session }).lean();
  const applicationIds = applications.map((a) => a._id);
  const interviews = await Interview.find({ customerId, $or: [{ candidateId: { $in: candidateIds } }, { applicationId: { $in: applicationIds } }] }, { _id: 1 }, { session }).lean();
  const offers = await Offer.find({ customerId, $or: [{ candidateId: { $in: candidateIds } }, { applicationId: { $in: applicationIds } }] }, { _id: 1, acceptance: 1 }, { session }).lean();
  const names = candidates.flatMap((c) => [`${c.firstName} ${c.lastName ?? ''}`.trim(), c.firstName, c.lastName ?? '']);
  names.push(...applications.map((a) => a.candidateName ?? ''), ...offers.map((o) => o.acceptance?.typedName ?? ''));
  const emails = unique([...candidates.map((c) => c.email ?? ''), ...applications.map((a) => a.candidateEmail ?? '')].map((e) => e.toLowerCase()));
  const phones = unique([...candidates.map((c) => c.phone ?? ''), ...applications.map((a) => a.candidatePhone ?? '')]);
  return {
    customerId,
    candidates,
    candidateIds,
    applicationIds,
    jobIds: uniqueIds(applications.map((a) => a.jobId)),
    interviewIds: interviews.map((i) => i._id),
    offerIds: offers.map((o) => o._id),
    emails,
    needles: needlesOf({ names, emails, phones }),
  };
}

const unique = (list: string[]) => [...new Set(list.map((s) => s.trim()).filter(Boolean))];
function uniqueIds(ids: Types.ObjectId[]) {
  const seen = new Set<string>();
  return ids.filter((id) => !seen.has(String(id)) && seen.add(String(id)));
}

// ---------- Free text that names the person ----------

export type Needles = { patterns: { re: RegExp; by: string }[]; any: RegExp | null };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const word = (s: string) => `(?<![\\p{L}\\p{N}])${escape(s)}(?![\\p{L}\\p{N}])`;

/**
 * What to replace in free text: full names (by the anonymous name), emails, phones (as typed and as digits)
 * and each name part on its own (whole words only, two letters or more). Longest first, so "Jane Doe"
 * becomes "Erased candidate", not "[erased] [erased]".
 */
export function needlesOf({ names, emails, phones }: { names: string[]; emails: string[]; phones: string[] }): Needles {
  const full = unique(names.filter((n) => /\s/.test(n.trim())));
  const parts = unique(names.flatMap((n) => n.split(/\s+/))).filter((p) => p.length >= 2 && p.toLowerCase() !== ErasedCandidateName.firstName.toLowerCase() && p.toLowerCase() !== ErasedCandidateName.lastName.toLowerCase());
  const digits = unique(phones.map((p) => p.replace(/\D/g, ''))).filter((d) => d.length >= 6);
  const byLength = (a: string, b: string) => b.length - a.length;
  const patterns = [
    ...unique(emails).sort(byLength).map((e) => ({ re: new RegExp(escape(e), 'giu'), by: Erased })),
    ...unique(phones).filter((p) => p.replace(/\D/g, '').length >= 6).sort(byLength).map((p) => ({ re: new RegExp(escape(p), 'giu'), by: Erased })),
    ...digits.sort(byLength).map((d) => ({ re: new RegExp(d, 'gu'), by: Erased })),
    ...full.sort(byLength).map((n) => ({ re: new RegExp(word(n).replace(/\\? /g, '\\s+'), 'giu'), by: AnonymousName })),
    ...parts.sort(byLength).map((p) => ({ re: new RegExp(word(p), 'giu'), by: Erased })),
  ];
  const sources = [...unique(emails).map(escape), ...full.map((n) => escape(n).replace(/\\? /g, '\\s+')), ...parts.map(escape), ...digits];
  return { patterns, any: sources.length ? new RegExp(sources.join('|'), 'i') : null };
}

export function scrubText(text: string, needles: Needles): string {
  let out = text;
  for (const { re, by } of needles.patterns) out = out.replace(re, by);
  return out;
}

/** Fields holding a code (a stage kind, a status...) that reports count by: never rewritten, whatever the person is called. */
const CodeKeys = new Set(['kind', 'toKind', 'fromKind', 'stageKind', 'status', 'state', 'source', 'action', 'trigger', 'mode', 'recommendation', 'change', 'relationship', 'rewardEligibility', 'origin', 'currency', 'period']);

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** A copy of a value with every string scrubbed (ids, dates and binaries untouched), and whether anything changed. */
export function scrubValue(value: unknown, needles: Needles): { value: unknown; changed: boolean } {
  if (typeof value === 'string') {
    const next = scrubText(value, needles);
    return { value: next, changed: next !== value };
  }
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((v) => {
      const r = scrubValue(v, needles);
      changed ||= r.changed;
      return r.value;
    });
    return { value: next, changed };
  }
  if (isPlain(value)) {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (CodeKeys.has(k) && typeof v === 'string') {
        next[k] = v;
        continue;
      }
      const r = scrubValue(v, needles);
      changed ||= r.changed;
      next[k] = r.value;
    }
    return { value: next, changed };
  }
  return { value, changed: false };
}

/**
 * Replaces what names the person in every string of the documents `filter` finds (top-level fields that
 * changed are written back as they are, through the driver so no schema default or cast gets in the way).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any model of any schema
export async function scrubDocuments(model: Model<any>, filter: Record<string, unknown>, needles: Needles, session?: ClientSession, { crossTenant = false } = {}) {
  const docs = await model.find(filter, null, { session }).setOptions(crossTenant ? { crossTenant: true } : {}).lean<Record<string, unknown>[]>();
  let changed = 0;
  for (const doc of docs) {
    const set: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(doc)) {
      if (k === '_id' || k === 'customerId' || (CodeKeys.has(k) && typeof v === 'string')) continue;
      const r = scrubValue(v, needles);
      if (r.changed) set[k] = r.value;
    }
    if (Object.keys(set).length) {
      await model.collection.updateOne({ _id: doc._id } as never, { $set: set }, { session });
      changed++;
    }
  }
  return changed;
}
