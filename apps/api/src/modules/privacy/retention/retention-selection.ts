import type { PipelineStage, Types } from 'mongoose';
import type { TRetentionRule } from '@hireflow/contracts/privacy';
import { Candidate } from '../../candidates/candidate.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';

const DayMs = 24 * 3600 * 1000;

/** Sourced by a recruiter or imported: the people the "never contacted" rule is about. */
const SourcedOrigins = ['sourced', 'import'];

/**
 * The instant the rule's event must lie before: `period` days, or calendar months (UTC), before now. The 31st
 * minus a month is the last day of the shorter month (31 March - 1 month = 28 or 29 February), never 3 March.
 */
export function cutoffOf(rule: TRetentionRule, period: number, now: Date): Date {
  if (rule === 'sourcedDays') return new Date(now.getTime() - period * DayMs);
  const day = now.getUTCDate();
  const d = new Date(now);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - period);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** One selected candidate: the name shown in the preview and when the rule's clock started. */
export type Selected = { _id: Types.ObjectId; firstName: string; lastName?: string; since: Date };

/**
 * The aggregation (on candidates) of the people a rule selects for one company at `now`, run in the database:
 * a leading $match narrowed by an index on (customerId, erasedAt, ...), then the applications, mails and hires
 * of those few through the foreign collections' (customerId, candidateId | applicationId) indexes. Erased and
 * merged-away candidates are never selected, nor anyone with an open application or who was ever hired.
 *
 * - rejectedMonths: every application is in a rejected stage, at least one of them a rejection (not a
 *   withdrawal), and the latest of them was closed more than N months ago;
 * - withdrawnMonths: every application was withdrawn, the latest withdrawal more than N months ago;
 * - sourcedDays: sourced or imported more than N days ago, never on a job, never mailed (no email_sent).
 *
 * "Closed" is when the application entered its rejected stage: its `stageEnteredAt`, which the move that
 * rejected it (or recorded the withdrawal) set together with the stage event; a later move between rejected
 * stages only pushes it later. A candidate both rejected and withdrawn counts from the latest of the two,
 * under the rejection rule. Each candidate matches one rule at most.
 */
export function selectionPipeline(customerId: Types.ObjectId, rule: TRetentionRule, period: number, now: Date, exclude: Types.ObjectId[] = []): PipelineStage[] {
  const cutoff = cutoffOf(rule, period, now);
  const notExcluded = exclude.length ? { _id: { $nin: exclude } } : {};
  const none = (as: string) => ({ $match: { [as]: { $size: 0 } } });
  if (rule === 'sourcedDays') {
    return [
      { $match: { customerId, erasedAt: null, source: { $in: SourcedOrigins }, createdAt: { $lt: cutoff }, mergedIntoId: null, ...notExcluded } },
      { $project: { firstName: 1, lastName: 1, since: '$createdAt' } },
      { $lookup: { from: Application.collection.name, localField: '_id', foreignField: 'candidateId', pipeline: [{ $match: { customerId } }, { $limit: 1 }, { $project: { _id: 1 } }], as: 'apps' } },
      none('apps'),
      { $lookup: { from: CandidateActivity.collection.name, localField: '_id', foreignField: 'candidateId', pipeline: [{ $match: { customerId, kind: 'email_sent' } }, { $limit: 1 }, { $project: { _id: 1 } }], as: 'mails' } },
      none('mails'),
      { $project: { firstName: 1, lastName: 1, since: 1 } },
    ];
  }
  return [
    // stageKinds holds each current stage kind once: ['rejected'] is "every application in a rejected stage",
    // which the applications themselves then confirm.
    { $match: { customerId, erasedAt: null, stageKinds: 'rejected', mergedIntoId: null, ...notExcluded } },
    { $match: { stageKinds: { $size: 1 } } },
    { $project: { firstName: 1, lastName: 1 } },
    { $lookup: { from: Application.collection.name, localField: '_id', foreignField: 'candidateId', pipeline: [{ $match: { customerId } }, { $project: { stageKind: 1, withdrawn: 1, stageEnteredAt: 1 } }], as: 'apps' } },
    { $match: { 'apps.0': { $exists: true }, apps: { $not: { $elemMatch: { stageKind: { $ne: 'rejected' } } } } } },
    rule === 'withdrawnMonths'
      ? { $match: { apps: { $not: { $elemMatch: { withdrawn: { $ne: true } } } } } }
      : { $match: { apps: { $elemMatch: { withdrawn: { $ne: true } } } } },
    { $addFields: { since: { $max: '$apps.stageEnteredAt' } } },
    { $match: { since: { $lt: cutoff } } },
    { $lookup: { from: StageEvent.collection.name, localField: 'apps._id', foreignField: 'applicationId', pipeline: [{ $match: { customerId, toKind: 'hired' } }, { $limit: 1 }, { $project: { _id: 1 } }], as: 'hires' } },
    none('hires'),
    { $project: { firstName: 1, lastName: 1, since: 1 } },
  ];
}

/** How many a rule selects now, and the first few (longest due first). */
export async function countAndSample(customerId: Types.ObjectId, rule: TRetentionRule, period: number, now: Date, sample: number) {
  const [result] = await Candidate.aggregate<{ count: { n: number }[]; sample: Selected[] }>([
    ...selectionPipeline(customerId, rule, period, now),
    { $facet: { count: [{ $count: 'n' }], sample: [{ $sort: { since: 1, _id: 1 } }, { $limit: sample }] } },
  ]);
  return { count: result?.count[0]?.n ?? 0, sample: result?.sample ?? [] };
}

/** The next `limit` candidates a rule selects (ids only), skipping `exclude`. */
export async function nextSelected(customerId: Types.ObjectId, rule: TRetentionRule, period: number, now: Date, limit: number, exclude: Types.ObjectId[]) {
  const rows = await Candidate.aggregate<{ _id: Types.ObjectId }>([...selectionPipeline(customerId, rule, period, now, exclude), { $limit: limit }, { $project: { _id: 1 } }]);
  return rows.map((r) => r._id);
}
