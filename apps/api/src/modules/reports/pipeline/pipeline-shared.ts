import type { PipelineStage } from 'mongoose';
import { ApplicationSourceLabels, type TApplicationSource } from '@hireflow/contracts/candidates';
import { StageKindLabels } from '@hireflow/contracts/candidates-search';
import { StageKinds, type TStageKind } from '@hireflow/contracts/jobs';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import type { ReportContext } from '../report-kit';
import { ProgressKinds } from '../tallies/stage-tallies';

/** What the pipeline reports share: stage kinds and their labels, the words of empty states, the cohort of a range. */
export { StageKinds, StageKindLabels, ProgressKinds };
export type TProgressKind = (typeof ProgressKinds)[number];

export const kindLabel = (k: TStageKind) => StageKindLabels[k];
export const sourceLabel = (s: string) => ApplicationSourceLabels[s as TApplicationSource] ?? s;

/** "1 hire", "2 hires" */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "between 2026-08-27 and 2026-11-24" */
export const rangeWords = (ctx: ReportContext) => (ctx.range ? `between ${ctx.range.fromDay} and ${ctx.range.toDay}` : '');

/** The reason a report is empty because the organisation filters select no job (or null when they select some or are unset). */
export function noJobsReason(ctx: ReportContext): string | null {
  return ctx.jobIds !== null && ctx.jobIds.length === 0 ? 'No job matches the chosen business unit, department, location, job or recruiter. Clear a filter to see more.' : null;
}

/** " from Referral" when a source filter is set. */
export const sourceWords = (ctx: ReportContext) => (ctx.filters.source ? ` from ${sourceLabel(ctx.filters.source)}` : '');

/** The $match of raw stage events in the report's scope: the selected jobs (index customerId + jobId + at) and the source. */
export function eventScope(ctx: ReportContext, at: Record<string, Date>): Record<string, unknown> {
  const match: Record<string, unknown> = {};
  if (ctx.jobIds !== null) match.jobId = { $in: ctx.jobIds };
  match.at = at;
  if (ctx.filters.source) match.source = ctx.filters.source;
  return match;
}

/** The counters of one application cohort: created, and the stage kinds it reached and passed. */
export type CohortCounts = { applied: number; reached: Record<TProgressKind, number>; passed: Record<TProgressKind, number> };

const zeroKinds = () => Object.fromEntries(ProgressKinds.map((k) => [k, 0])) as Record<TProgressKind, number>;
export const emptyCohort = (): CohortCounts => ({ applied: 0, reached: zeroKinds(), passed: zeroKinds() });

/** The tally counters of the cohort (src: applied, reached.<kind>, passed.<kind>, counted on the application's day). */
export const cohortCounters = ['applied', ...ProgressKinds.map((k) => `reached.${k}`), ...ProgressKinds.map((k) => `passed.${k}`)];

export function cohortFromSums(sums: Record<string, number> | undefined): CohortCounts {
  const c = emptyCohort();
  if (!sums) return c;
  c.applied = sums.applied ?? 0;
  for (const k of ProgressKinds) {
    c.reached[k] = sums[`reached.${k}`] ?? 0;
    c.passed[k] = sums[`passed.${k}`] ?? 0;
  }
  return c;
}

/**
 * The cohort counters from the raw stage events of the selected jobs, grouped by `groupKey` (an
 * expression on the application: its source, or null for one group). Replays each application's
 * events in order as the tallies do (stage-tallies.ts `stageEventBumps`): an application was created
 * in the range when its first event (fromKind null) is; it reached every progress kind it entered;
 * it passed a kind when, that kind being the furthest reached so far, it then reached a further one.
 */
export async function rawCohort(ctx: ReportContext, groupBy: 'source' | 'none'): Promise<Map<string, CohortCounts>> {
  const out = new Map<string, CohortCounts>();
  if (!ctx.range || (ctx.jobIds !== null && ctx.jobIds.length === 0)) return out;
  const kinds = [...ProgressKinds];
  const rankOf = (e: string) => ({ $indexOfArray: [kinds, e] });
  const sumIf = (cond: unknown) => ({ $sum: { $cond: [cond, 1, 0] } });
  const group: Record<string, unknown> = { _id: groupBy === 'source' ? '$source' : null, applied: { $sum: 1 } };
  for (const k of kinds) {
    group[`r_${k}`] = sumIf({ $in: [k, '$kinds'] });
    group[`p_${k}`] = sumIf({ $in: [k, '$run.passed'] });
  }
  const pipeline: PipelineStage[] = [
    // Every event of an application created in the range is at or after the range's start.
    { $match: eventScope(ctx, { $gte: ctx.range.from }) },
    // In time order (the tallies' replay order): $push keeps it within each application.
    { $sort: { at: 1, _id: 1 } },
    {
      $group: {
        _id: '$applicationId',
        created: { $min: { $cond: [{ $eq: [{ $ifNull: ['$fromKind', null] }, null] }, '$at', null] } },
        source: { $first: '$source' },
        kinds: { $push: '$toKind' },
      },
    },
    { $match: { created: { $gte: ctx.range.from, $lt: ctx.range.until } } },
    {
      $project: {
        source: 1,
        kinds: 1,
        run: {
          $reduce: {
            input: '$kinds',
            initialValue: { top: -1, passed: [] },
            in: {
              $cond: [
                { $gt: [rankOf('$$this'), '$$value.top'] },
                {
                  top: rankOf('$$this'),
                  passed: { $cond: [{ $gte: ['$$value.top', 0] }, { $concatArrays: ['$$value.passed', [{ $arrayElemAt: [kinds, '$$value.top'] }]] }, '$$value.passed'] },
                },
                '$$value',
              ],
            },
          },
        },
      },
    },
    { $group: group } as PipelineStage,
  ];
  const rows = await ctx.aggregate<Record<string, unknown>>(StageEvent, pipeline);
  for (const r of rows) {
    const c = emptyCohort();
    c.applied = Number(r.applied ?? 0);
    for (const k of kinds) {
      c.reached[k] = Number(r[`r_${k}`] ?? 0);
      c.passed[k] = Number(r[`p_${k}`] ?? 0);
    }
    out.set(r._id == null ? '' : String(r._id), c);
  }
  return out;
}

/** The cohort of the range in the report's scope, from the tallies or (org filters) from the raw events. */
export async function cohortOf(ctx: ReportContext, groupBy: 'source' | 'none'): Promise<Map<string, CohortCounts>> {
  if (!ctx.tallyable) return rawCohort(ctx, groupBy);
  const sums = await ctx.tallies({ dim: 'src', counters: cohortCounters, groupBy: groupBy === 'source' ? 'key' : 'none', keys: ctx.filters.source ? [ctx.filters.source] : undefined });
  return new Map(sums.map((s) => [s.id, cohortFromSums(s.sums)]));
}

/** Pass-through of each progress kind but the last: of those that reached it, the share that reached a later one. */
export function passThrough(c: CohortCounts): { kind: TProgressKind; reached: number; passed: number; share: number | null }[] {
  return ProgressKinds.filter((k) => k !== 'hired').map((k) => ({ kind: k, reached: c.reached[k], passed: c.passed[k], share: c.reached[k] > 0 ? Math.round((c.passed[k] / c.reached[k]) * 1000) / 10 : null }));
}

export const passThroughDefinition =
  'Pass-through: of the applications that reached a stage, the share that reached a later one (screening, interview, offer, hired, in that order). An application counts once per stage however often it entered it; one that skipped a stage counts as passing the stage it skipped from.';
