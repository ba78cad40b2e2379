import type { ClientSession, Types } from 'mongoose';
import type { TCandidateActivityKind } from '@hireflow/contracts/candidates';
import { Candidate } from './candidate.model';
import { CandidateActivity } from './candidate-activity.model';
import { activityBumps } from '../reports/activity/activity-tallies';
import { bumpTallies } from '../reports/tallies/tallies';
import { auditCandidateActivity } from '../privacy/audit/candidate-audit';

export type CandidateActivityInput = {
  customerId: Types.ObjectId;
  candidateId: Types.ObjectId;
  kind: TCandidateActivityKind;
  by: Types.ObjectId | null;
  summary: string;
  at?: Date;
  applicationId?: Types.ObjectId | null;
  jobId?: Types.ObjectId | null;
  data?: Record<string, unknown> | null;
};

// Looking at or exporting a profile is audited but is not activity of the candidate.
const auditOnly: ReadonlySet<TCandidateActivityKind> = new Set(['viewed', 'exported']);

/**
 * The one way anything lands on a candidate's timeline: it appends the entry and, unless it is an audit
 * entry, moves the candidate's last activity (what "last activity" filters and sorts read). It also keeps the
 * activity reports' tallies (reports/activity/activity-tallies) and the privacy audit trail (privacy/audit).
 */
export async function recordCandidateActivity(entries: CandidateActivityInput | CandidateActivityInput[], session?: ClientSession) {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const docs = list.map((e) => ({ ...e, at: e.at ?? new Date(), applicationId: e.applicationId ?? null, jobId: e.jobId ?? null, data: e.data ?? null }));
  await CandidateActivity.insertMany(docs, { session });
  // The activity reports' counters (per user and per job), in the same transaction as the entries.
  await bumpTallies(activityBumps(docs), session);
  // Views, exports and changes of personal data also land in the privacy audit trail, in the same transaction.
  await auditCandidateActivity(docs, session);
  const latest = new Map<string, { customerId: Types.ObjectId; candidateId: Types.ObjectId; at: Date }>();
  for (const d of docs) {
    if (auditOnly.has(d.kind)) continue;
    const key = String(d.candidateId);
    const seen = latest.get(key);
    if (!seen || seen.at < d.at) latest.set(key, { customerId: d.customerId, candidateId: d.candidateId, at: d.at });
  }
  if (latest.size === 0) return;
  await Candidate.bulkWrite(
    [...latest.values()].map(({ customerId, candidateId, at }) => ({
      updateOne: { filter: { customerId, _id: candidateId, lastActivityAt: { $lt: at } }, update: { $set: { lastActivityAt: at } } },
    })),
    { session },
  );
}
