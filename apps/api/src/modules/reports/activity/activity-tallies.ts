import type { PipelineStage, Types } from 'mongoose';
import type { TCandidateActivityKind } from '@hireflow/contracts/candidates';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { registerTallyRebuilder, type TallyBump } from '../tallies/tallies';

/**
 * The activity counters of the tallies, derived from candidate activities (recordCandidateActivity calls
 * `activityBumps` in the same transaction as the entry it writes; the rebuilder recounts them):
 *
 *   user:<user id>, per day   moves, hires, rejections, notes, interviewsScheduled, offers, mails   (what a person did: `by` set)
 *   job:<job id>, per month   applied, moves, hires, rejections, notes, interviewsScheduled, offers, mails (everything on the job, automatic mails too)
 *
 * The user dimension also holds signIns and actions (usage-recorder.ts), which have no raw source and
 * are never rebuilt. One table (`ActivityCounterRules`) says what counts, for the incremental path (JS)
 * and for the rebuild and the filtered reports (aggregation expressions), so they cannot disagree.
 */
type Rule = { kinds: readonly TCandidateActivityKind[]; toKind?: string; notWithdrawn?: boolean; changes?: readonly string[] };
export const ActivityCounterRules = {
  applied: { kinds: ['applied', 'added_to_job'] },
  moves: { kinds: ['stage_moved'] },
  hires: { kinds: ['stage_moved'], toKind: 'hired' },
  rejections: { kinds: ['stage_moved'], toKind: 'rejected', notWithdrawn: true },
  notes: { kinds: ['note_added'] },
  interviewsScheduled: { kinds: ['interview_scheduled'] },
  /** An offer created and an offer sent are each one action. */
  offers: { kinds: ['offer_updated'], changes: ['created', 'sent'] },
  mails: { kinds: ['email_sent'] },
} as const satisfies Record<string, Rule>;
export type ActivityCounter = keyof typeof ActivityCounterRules;

export const UserActivityCounters = ['moves', 'hires', 'rejections', 'notes', 'interviewsScheduled', 'offers', 'mails'] as const satisfies readonly ActivityCounter[];
export const JobActivityCounters = ['applied', ...UserActivityCounters] as const satisfies readonly ActivityCounter[];
/** The actions a report sums into "total" (hires and rejections are moves already). */
export const ActionCounters = ['moves', 'notes', 'interviewsScheduled', 'offers', 'mails'] as const satisfies readonly ActivityCounter[];
/** Usage counters (no raw source: kept by the rebuild). */
export const UsageCounters = ['signIns', 'actions'] as const;

export const ActivityKinds: TCandidateActivityKind[] = [...new Set(Object.values(ActivityCounterRules).flatMap((r) => [...r.kinds]))];

type ActivityLike = { customerId: Types.ObjectId; kind: TCandidateActivityKind; by?: Types.ObjectId | null; jobId?: Types.ObjectId | null; at: Date; data?: Record<string, unknown> | null };

function counts(rule: Rule, a: ActivityLike): boolean {
  if (!rule.kinds.includes(a.kind)) return false;
  const data = a.data ?? {};
  if (rule.toKind && data.toKind !== rule.toKind) return false;
  if (rule.notWithdrawn && data.withdrawn === true) return false;
  if (rule.changes && !rule.changes.includes(String(data.change ?? ''))) return false;
  return true;
}

/** The tally bumps of candidate activities (incremental path). */
export function activityBumps(entries: ActivityLike[]): TallyBump[] {
  const bumps: TallyBump[] = [];
  for (const a of entries) {
    if (!ActivityKinds.includes(a.kind)) continue;
    const userInc: Record<string, number> = {};
    const jobInc: Record<string, number> = {};
    for (const c of JobActivityCounters) {
      if (!counts(ActivityCounterRules[c], a)) continue;
      jobInc[c] = 1;
      if ((UserActivityCounters as readonly string[]).includes(c)) userInc[c] = 1;
    }
    if (a.by && Object.keys(userInc).length) bumps.push({ customerId: a.customerId, dim: 'user', key: String(a.by), at: a.at, inc: userInc });
    if (a.jobId && Object.keys(jobInc).length) bumps.push({ customerId: a.customerId, dim: 'job', key: String(a.jobId), at: a.at, inc: jobInc });
  }
  return bumps;
}

/** 1 when the activity document counts for the counter, else 0: the same rule as `counts`, as an expression. */
export function counterExpression(c: ActivityCounter): Record<string, unknown> {
  const rule: Rule = ActivityCounterRules[c];
  const all: unknown[] = [{ $in: ['$kind', [...rule.kinds]] }];
  if (rule.toKind) all.push({ $eq: ['$data.toKind', rule.toKind] });
  if (rule.notWithdrawn) all.push({ $ne: ['$data.withdrawn', true] });
  if (rule.changes) all.push({ $in: [{ $ifNull: ['$data.change', ''] }, [...rule.changes]] });
  return { $cond: [{ $and: all }, 1, 0] };
}

/** $group fields summing the counters of activity documents. */
export function counterSums(counters: readonly ActivityCounter[]): Record<string, unknown> {
  return Object.fromEntries(counters.map((c) => [c, { $sum: counterExpression(c) }]));
}

/** Rebuild: the user and job activity counters of one company, counted in the database by period. */
async function rebuildActivityTallies(customerId: Types.ObjectId): Promise<TallyBump[]> {
  const base = { customerId, kind: { $in: ActivityKinds } };
  const userPipeline: PipelineStage[] = [
    { $match: { ...base, by: { $ne: null } } },
    { $group: { _id: { key: '$by', day: { $dateTrunc: { date: '$at', unit: 'day' } } }, ...counterSums(UserActivityCounters) } } as PipelineStage,
  ];
  const jobPipeline: PipelineStage[] = [
    { $match: { ...base, jobId: { $ne: null } } },
    { $group: { _id: { key: '$jobId', day: { $dateTrunc: { date: '$at', unit: 'month' } } }, ...counterSums(JobActivityCounters) } } as PipelineStage,
  ];
  const [users, jobs] = await Promise.all([
    CandidateActivity.aggregate<Record<string, number> & { _id: { key: Types.ObjectId; day: Date } }>(userPipeline),
    CandidateActivity.aggregate<Record<string, number> & { _id: { key: Types.ObjectId; day: Date } }>(jobPipeline),
  ]);
  const toBump = (dim: 'user' | 'job', counters: readonly string[]) => (r: Record<string, number> & { _id: { key: Types.ObjectId; day: Date } }): TallyBump => ({
    customerId, dim, key: String(r._id.key), at: r._id.day, inc: Object.fromEntries(counters.map((c) => [c, r[c] ?? 0]).filter(([, n]) => n)),
  });
  return [...users.map(toBump('user', UserActivityCounters)), ...jobs.map(toBump('job', JobActivityCounters))].filter((b) => Object.keys(b.inc).length > 0);
}

const rebuilt = new Set<string>(JobActivityCounters);
registerTallyRebuilder({ dims: ['user', 'job'], counters: (path) => rebuilt.has(path), rebuild: rebuildActivityTallies });
