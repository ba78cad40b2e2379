import type { PipelineStage } from 'mongoose';
import { TatStageKinds } from '@hireflow/contracts/reports';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import type { ReportContext } from '../report-kit';
import { DayBinEdges, dayBin, histogramPercentile } from '../tallies/histogram';
import { ProgressKinds, stayCounters } from '../tallies/stage-tallies';

/**
 * Figures shared by the speed reports (velocity, bottleneck, time to hire): durations as day-bin
 * histograms, read either from the maintained tallies (no organisation filter) or from the raw events
 * of the selected jobs, binned the same way so both paths answer the same numbers.
 */

export type StayKind = (typeof TatStageKinds)[number];
export const StayKinds = TatStageKinds;
export const KindLabels: Record<StayKind, string> = { screening: 'Screening', interview: 'Interview', offer: 'Offer' };

const DayMs = 86_400_000;
const emptyBins = () => DayBinEdges.map(() => 0);

/** A histogram of durations in days: counts per bin, their number and the sum of the durations. */
export type Histogram = { bins: number[]; count: number; sum: number };
export const emptyHistogram = (): Histogram => ({ bins: emptyBins(), count: 0, sum: 0 });

export function addToHistogram(h: Histogram, bin: number, count: number, sum: number) {
  h.bins[bin] = (h.bins[bin] ?? 0) + count;
  h.count += count;
  h.sum += sum;
}

export function mergeHistograms(...hs: Histogram[]): Histogram {
  const out = emptyHistogram();
  for (const h of hs) {
    h.bins.forEach((c, i) => (out.bins[i]! += c));
    out.count += h.count;
    out.sum += h.sum;
  }
  return out;
}

/** Median, mean and percentiles of a histogram (days, one decimal; null when it is empty). */
export function histogramStats(h: Histogram) {
  return {
    count: h.count,
    median: histogramPercentile(h.bins, 50),
    p75: histogramPercentile(h.bins, 75),
    p90: histogramPercentile(h.bins, 90),
    mean: h.count > 0 ? Math.round((h.sum / h.count) * 10) / 10 : null,
  };
}

/** The aggregation expression of `dayBin` (the index of the last edge not above the value). */
export function dayBinExpr(days: unknown): unknown {
  // Whole-day bins (0..30) are the day itself; only the wider ones need a comparison each.
  const firstWide = DayBinEdges.findIndex((edge, i) => i + 1 < DayBinEdges.length && DayBinEdges[i + 1]! - edge > 1);
  const branches = DayBinEdges.map((edge, i) => ({ case: { $gte: [days, edge] }, then: i }))
    .slice(firstWide + 1)
    .reverse();
  return { $cond: [{ $lt: [days, DayBinEdges[firstWide]] }, { $max: [0, { $floor: days }] }, { $switch: { branches, default: firstWide } }] };
}

/** The organisation and source filters on a raw collection that has jobId and source. */
export function rawFilter(ctx: ReportContext): Record<string, unknown> {
  const match: Record<string, unknown> = {};
  if (ctx.jobIds) match.jobId = { $in: ctx.jobIds };
  if (ctx.filters.source) match.source = ctx.filters.source;
  return match;
}

/** The day open visits are measured up to: the last day of the range, or today when that is earlier. */
export function measuredUntilDay(ctx: ReportContext): Date {
  const today = new Date(Math.floor(ctx.now.getTime() / DayMs) * DayMs);
  const lastDay = new Date(ctx.range!.until.getTime() - DayMs);
  return lastDay < today ? lastDay : today;
}

export type StageStays = Record<StayKind, { ended: Histogram; open: Histogram }>;

/**
 * Time spent in each stage kind per visit: visits that ended in the range (a stage entered twice is two
 * visits) and visits still open, measured from the day they began to the report day.
 */
export async function stageStays(ctx: ReportContext): Promise<StageStays> {
  const out = Object.fromEntries(StayKinds.map((k) => [k, { ended: emptyHistogram(), open: emptyHistogram() }])) as StageStays;
  const range = ctx.range!;
  const untilDay = measuredUntilDay(ctx);
  if (ctx.tallyable) {
    const keys = ctx.filters.source ? [ctx.filters.source] : undefined;
    const counters = StayKinds.flatMap((k) => [`staySum.${k}`, ...stayCounters(k)]);
    const [ended] = await ctx.tallies({ dim: 'src', counters, groupBy: 'none', keys });
    for (const k of StayKinds) {
      const h = out[k].ended;
      stayCounters(k).forEach((c, i) => addToHistogram(h, i, ended?.sums[c] ?? 0, 0));
      h.sum = ended?.sums[`staySum.${k}`] ?? 0;
    }
    const open = await ctx.tallies({ dim: 'src', counters: StayKinds.map((k) => `open.${k}`), groupBy: 'day', keys, from: undefined, until: range.until });
    for (const day of open) {
      const days = Math.max(0, Math.round((untilDay.getTime() - new Date(`${day.id}T00:00:00.000Z`).getTime()) / DayMs));
      const bin = dayBin(days);
      for (const k of StayKinds) {
        const n = day.sums[`open.${k}`] ?? 0;
        if (n) addToHistogram(out[k].open, bin, n, n * days);
      }
    }
    return out;
  }
  if (ctx.jobIds && !ctx.jobIds.length) return out;
  const filter = rawFilter(ctx);
  const days = { $max: [0, { $divide: [{ $subtract: ['$at', { $ifNull: ['$prevAt', '$at'] }] }, DayMs] }] };
  const ended = await ctx.aggregate<{ _id: { kind: StayKind; bin: number }; n: number; sum: number }>(StageEvent, [
    { $match: { ...filter, at: { $lt: range.until } } },
    { $setWindowFields: { partitionBy: '$applicationId', sortBy: { at: 1, _id: 1 }, output: { prevAt: { $shift: { output: '$at', by: -1 } } } } } as PipelineStage,
    { $match: { fromKind: { $in: [...StayKinds] }, at: { $gte: range.from } } },
    { $project: { kind: '$fromKind', days } },
    { $group: { _id: { kind: '$kind', bin: dayBinExpr('$days') }, n: { $sum: 1 }, sum: { $sum: '$days' } } } as PipelineStage,
  ]);
  for (const g of ended) addToHistogram(out[g._id.kind].ended, g._id.bin, g.n, g.sum);
  const openDays = { $max: [0, { $round: [{ $divide: [{ $subtract: [untilDay, { $dateTrunc: { date: '$stageEnteredAt', unit: 'day' } }] }, DayMs] }, 0] }] };
  const open = await ctx.aggregate<{ _id: { kind: StayKind; bin: number }; n: number; sum: number }>(Application, [
    { $match: { ...filter, stageKind: { $in: [...StayKinds] }, stageEnteredAt: { $lt: range.until } } },
    { $project: { kind: '$stageKind', days: openDays } },
    { $group: { _id: { kind: '$kind', bin: dayBinExpr('$days') }, n: { $sum: 1 }, sum: { $sum: '$days' } } } as PipelineStage,
  ]);
  for (const g of open) addToHistogram(out[g._id.kind].open, g._id.bin, g.n, g.sum);
  return out;
}

/**
 * Pass-through per stage kind over the applications created in the range (their cohort): of those that
 * reached the kind, how many went on to a later one (reached/passed of the stage tallies).
 */
export async function passThrough(ctx: ReportContext): Promise<Record<StayKind, { reached: number; passed: number }>> {
  const out = Object.fromEntries(StayKinds.map((k) => [k, { reached: 0, passed: 0 }])) as Record<StayKind, { reached: number; passed: number }>;
  const range = ctx.range!;
  if (ctx.tallyable) {
    const keys = ctx.filters.source ? [ctx.filters.source] : undefined;
    const [sums] = await ctx.tallies({ dim: 'src', counters: StayKinds.flatMap((k) => [`reached.${k}`, `passed.${k}`]), groupBy: 'none', keys });
    for (const k of StayKinds) out[k] = { reached: sums?.sums[`reached.${k}`] ?? 0, passed: sums?.sums[`passed.${k}`] ?? 0 };
    return out;
  }
  if (ctx.jobIds && !ctx.jobIds.length) return out;
  // Per application: when it was created and when it first reached each progress kind. A kind was passed
  // when it was the furthest one reached at the time and a further kind was reached later (stage-tallies).
  const first = (k: string) => ({ $min: { $cond: [{ $eq: ['$toKind', k] }, '$at', null] } });
  const group: Record<string, unknown> = { _id: '$applicationId', createdAt: { $min: { $cond: [{ $eq: ['$fromKind', null] }, '$at', null] } } };
  for (const k of ProgressKinds) group[k] = first(k);
  const project: Record<string, unknown> = {};
  ProgressKinds.forEach((k, i) => {
    if (i >= StayKinds.length) return;
    const later = ProgressKinds.slice(i + 1);
    project[`r_${k}`] = { $cond: [{ $ne: [`$${k}`, null] }, 1, 0] };
    project[`p_${k}`] = {
      $cond: [
        { $and: [{ $ne: [`$${k}`, null] }, { $or: later.map((l) => ({ $ne: [`$${l}`, null] })) }, ...later.map((l) => ({ $or: [{ $eq: [`$${l}`, null] }, { $gt: [`$${l}`, `$${k}`] }] }))] },
        1,
        0,
      ],
    };
  });
  const sums: Record<string, unknown> = { _id: null };
  for (const k of StayKinds) {
    sums[`r_${k}`] = { $sum: `$r_${k}` };
    sums[`p_${k}`] = { $sum: `$p_${k}` };
  }
  const [row] = await ctx.aggregate<Record<string, number>>(StageEvent, [
    { $match: { ...rawFilter(ctx), at: { $gte: range.from } } },
    { $group: group } as PipelineStage,
    { $match: { createdAt: { $gte: range.from, $lt: range.until } } },
    { $project: project },
    { $group: sums } as PipelineStage,
  ]);
  for (const k of StayKinds) out[k] = { reached: row?.[`r_${k}`] ?? 0, passed: row?.[`p_${k}`] ?? 0 };
  return out;
}
