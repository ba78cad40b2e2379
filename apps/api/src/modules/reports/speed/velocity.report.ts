import type { TCell, TReportColumn } from '@hireflow/contracts/reports';
import { defineReport, emptyBody, type ReportBody } from '../report-kit';
import { histogramStats, KindLabels, mergeHistograms, stageStays, StayKinds } from './stage-stays';

export const BinNote = 'Medians and percentiles of up to 30 days are exact to the day; longer ones are interpolated within day ranges (31-45, 45-60, 60-90, 90-120, 120-180, 180-365 days; a figure beyond 365 days shows as 365).';
export const NoJobs = 'The filters select no job: choose another business unit, department, location, job or recruiter.';

const columns: TReportColumn[] = [
  { key: 'stage', label: 'Stage', kind: 'text' },
  { key: 'visits', label: 'Visits ended', kind: 'count' },
  { key: 'open', label: 'Open visits', kind: 'count' },
  { key: 'median', label: 'Median days', kind: 'days' },
  { key: 'mean', label: 'Mean days', kind: 'days' },
  { key: 'p75', label: '75th percentile', kind: 'days' },
  { key: 'p90', label: '90th percentile', kind: 'days' },
];

export const velocityReport = defineReport({
  name: 'velocity',
  definition: [
    'Velocity is the time spent in each stage per visit: from entering a stage of that kind (screening, interview, offer) to leaving it. A stage entered twice counts as two visits. Hired and rejected end the journey and are not measured.',
    'A visit counts in the range when it ended in the range. Visits still open are counted too, from the day they began up to the report date (the last day of the range, or today when that is earlier).',
    'For each stage: the median and the mean in days, with the 75th and 90th percentiles. Organisation filters select jobs; the source is the application\'s first-touch source.',
    BinNote,
  ],
  async compute(ctx): Promise<ReportBody> {
    if (ctx.jobIds && !ctx.jobIds.length) return emptyBody(NoJobs, columns);
    const stays = await stageStays(ctx);
    const rows: Record<string, TCell>[] = StayKinds.map((k) => {
      const s = histogramStats(mergeHistograms(stays[k].ended, stays[k].open));
      return { stage: KindLabels[k], visits: stays[k].ended.count, open: stays[k].open.count, median: s.median, mean: s.mean, p75: s.p75, p90: s.p90 };
    });
    const all = histogramStats(mergeHistograms(...StayKinds.flatMap((k) => [stays[k].ended, stays[k].open])));
    if (all.count === 0) return emptyBody('No stage visit ended in this range and none is open: there is nothing to measure. Widen the date range or clear the filters.', columns, { kind: 'bar' });
    const measured = rows.filter((r) => r.median !== null);
    const slowest = [...measured].sort((a, b) => (b.median as number) - (a.median as number))[0];
    return {
      headline: [
        ...rows.map((r) => ({ label: `Median days in ${String(r.stage).toLowerCase()}`, value: r.median, kind: 'days' as const })),
        { label: 'Visits measured', value: all.count, kind: 'count' as const },
      ],
      chart: {
        kind: 'bar',
        indexKey: 'stage',
        series: [
          { key: 'median', label: 'Median days' },
          { key: 'mean', label: 'Mean days' },
        ],
        data: rows.map((r) => ({ stage: r.stage, median: r.median, mean: r.mean })),
        unit: 'days',
        summary:
          `Days spent per visit in each stage (${all.count} visits, ended or open). ` +
          rows.map((r) => `${r.stage}: median ${r.median ?? 'none'}, mean ${r.mean ?? 'none'}`).join('; ') +
          (slowest ? `. The slowest stage is ${String(slowest.stage).toLowerCase()}.` : '.'),
        reference: null,
      },
      columns,
      rows,
      totals: { stage: 'All stages', visits: rows.reduce((n, r) => n + (r.visits as number), 0), open: rows.reduce((n, r) => n + (r.open as number), 0), median: all.median, mean: all.mean, p75: all.p75, p90: all.p90 },
      empty: null,
    };
  },
});
