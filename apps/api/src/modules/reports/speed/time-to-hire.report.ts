import type { PipelineStage, Types } from 'mongoose';
import { ApplicationSourceLabels, ApplicationSources, type TApplicationSource } from '@hireflow/contracts/candidates';
import type { TCell, TReportColumn } from '@hireflow/contracts/reports';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { Job } from '../../jobs/job.model';
import { defineReport, emptyBody, type ReportBody, type ReportContext } from '../report-kit';
import { tthCounters } from '../tallies/stage-tallies';
import { dayBin } from '../tallies/histogram';
import { addToHistogram, emptyHistogram, histogramStats, mergeHistograms, rawFilter, type Histogram } from './stage-stays';
import { BinNote, NoJobs } from './velocity.report';

const columns: TReportColumn[] = [
  { key: 'group', label: 'Group', kind: 'text' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'hires', label: 'Hires', kind: 'count' },
  { key: 'median', label: 'Median days', kind: 'days' },
  { key: 'p75', label: '75th percentile', kind: 'days' },
  { key: 'p90', label: '90th percentile', kind: 'days' },
  { key: 'mean', label: 'Mean days', kind: 'days' },
];

type Grouped = { _id: { key: string | Types.ObjectId | null; days: number }; n: number };

/**
 * Hires in the range (first moves into a hired stage) with their time to hire, grouped by a field of the
 * event and the whole number of days (binned here like the tallies: at most a few rows per job and day).
 */
function hiresBy(ctx: ReportContext, field: 'jobId' | 'source') {
  const range = ctx.range!;
  return ctx.aggregate<Grouped>(StageEvent, [
    { $match: { toKind: 'hired', at: { $gte: range.from, $lt: range.until }, ...rawFilter(ctx) } },
    { $match: { daysToHire: { $ne: null } } },
    { $group: { _id: { key: `$${field}`, days: '$daysToHire' }, n: { $sum: 1 } } } as PipelineStage,
  ]);
}

function histogramsOf(groups: Grouped[]) {
  const out = new Map<string, Histogram>();
  for (const g of groups) {
    const key = String(g._id.key ?? '');
    const h = out.get(key) ?? emptyHistogram();
    addToHistogram(h, dayBin(g._id.days), g.n, g.n * g._id.days);
    out.set(key, h);
  }
  return out;
}

/** Job titles: the jobs named (a point lookup each for a few; the company's titles in one read for many). */
async function jobTitles(ctx: ReportContext, ids: string[]) {
  const titles = new Map<string, string>();
  const many = ids.length > 50 && !ctx.crossTenant;
  const filter = many ? { ...ctx.tenant } : { ...ctx.tenant, _id: { $in: ids } };
  const jobs = await Job.find(filter, { title: 1 }).setOptions({ crossTenant: ctx.crossTenant }).lean();
  for (const j of jobs) titles.set(String(j._id), j.title);
  return titles;
}

/**
 * Time to hire per source or per job: from the tallies (src per source, hire per job) without an
 * organisation filter, else from the hires of the selected jobs. The per-job tallies know no source, so
 * with a source filter the jobs' figures come from the hires too.
 */
async function histogramsBy(ctx: ReportContext, field: 'source' | 'jobId'): Promise<Map<string, Histogram>> {
  if (!ctx.tallyable || (field === 'jobId' && ctx.filters.source)) return histogramsOf(await hiresBy(ctx, field));
  const bins = tthCounters();
  const sums = field === 'source'
    ? await ctx.tallies({ dim: 'src', counters: ['hired', 'tthSum', ...bins], groupBy: 'key', keys: ctx.filters.source ? [ctx.filters.source] : undefined })
    : await ctx.tallies({ dim: 'hire', counters: ['hired', 'tthSum', ...bins], groupBy: 'key' });
  const out = new Map<string, Histogram>();
  for (const s of sums) {
    if (!s.sums.hired) continue;
    const h = emptyHistogram();
    bins.forEach((c, i) => addToHistogram(h, i, s.sums[c] ?? 0, 0));
    h.sum = s.sums.tthSum ?? 0;
    out.set(s.id, h);
  }
  return out;
}

const statsRow = (group: string, name: string, h: Histogram): Record<string, TCell> => {
  const s = histogramStats(h);
  return { group, name, hires: s.count, median: s.median, p75: s.p75, p90: s.p90, mean: s.mean };
};

export const timeToHireReport = defineReport({
  name: 'time-to-hire',
  definition: [
    'Time to hire is counted in calendar days from the application to the accepted offer (the first move into a hired stage) for candidates who applied (career site, referral, agency), and from the first contact (their first move) for candidates who were sourced or imported.',
    'A hire counts in the range when it happened in the range. Shown: the median and the 75th and 90th percentiles, overall, by source (the first-touch source) and by job.',
    BinNote,
  ],
  async compute(ctx): Promise<ReportBody> {
    if (ctx.jobIds && !ctx.jobIds.length) return emptyBody(NoJobs, columns);
    const [sources, jobs] = await Promise.all([histogramsBy(ctx, 'source'), histogramsBy(ctx, 'jobId')]);
    const overall = mergeHistograms(...sources.values());
    if (overall.count === 0) return emptyBody('No one was hired in this range: there is no time to hire to show. Widen the date range or clear the filters.', columns, { kind: 'bar' });
    const titles = await jobTitles(ctx, [...jobs.keys()]);
    const sourceRows = ApplicationSources.filter((s) => sources.has(s)).map((s) => statsRow('Source', ApplicationSourceLabels[s as TApplicationSource], sources.get(s)!));
    const jobRows = [...jobs.entries()]
      .map(([id, h]) => statsRow('Job', titles.get(id) ?? '(deleted job)', h))
      .sort((a, b) => (b.hires as number) - (a.hires as number) || String(a.name).localeCompare(String(b.name)));
    const all = histogramStats(overall);
    return {
      headline: [
        { label: 'Hires', value: all.count, kind: 'count' },
        { label: 'Median days to hire', value: all.median, kind: 'days' },
        { label: '75th percentile', value: all.p75, kind: 'days' },
        { label: '90th percentile', value: all.p90, kind: 'days' },
      ],
      chart: {
        kind: 'bar',
        indexKey: 'source',
        series: [{ key: 'median', label: 'Median days to hire' }],
        data: sourceRows.map((r) => ({ source: r.name, median: r.median })),
        unit: 'days',
        summary: `Median days to hire by source, over ${all.count} hires (overall median ${all.median} days, 75th percentile ${all.p75}, 90th percentile ${all.p90}). ` + sourceRows.map((r) => `${r.name}: ${r.median} days (${r.hires} hires)`).join('; ') + '.',
        reference: null,
      },
      columns,
      rows: [...sourceRows, ...jobRows],
      totals: { group: 'All hires', name: '', hires: all.count, median: all.median, p75: all.p75, p90: all.p90, mean: all.mean },
      empty: null,
    };
  },
});
