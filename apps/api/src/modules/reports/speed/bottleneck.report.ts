import { TatDefaults, type TCell, type TReportColumn } from '@hireflow/contracts/reports';
import { defineReport, emptyBody, percent, round1, type ReportBody, type ReportContext } from '../report-kit';
import { getTatSettings } from '../tat/tat.service';
import { histogramStats, KindLabels, mergeHistograms, passThrough, stageStays, StayKinds, type StayKind } from './stage-stays';
import { BinNote, NoJobs } from './velocity.report';

const columns: TReportColumn[] = [
  { key: 'stage', label: 'Stage', kind: 'text' },
  { key: 'median', label: 'Median days', kind: 'days' },
  { key: 'target', label: 'Target days', kind: 'days' },
  { key: 'overBy', label: 'Over by (days)', kind: 'days' },
  { key: 'passThrough', label: 'Pass-through', kind: 'percent' },
  { key: 'visits', label: 'Visits', kind: 'count' },
  { key: 'status', label: 'Status', kind: 'text' },
];

/** The turnaround targets of the scope: the company's, or the defaults across every company. */
async function targetsOf(ctx: ReportContext): Promise<Record<StayKind, number>> {
  if (ctx.scope.customerId) return (await getTatSettings(ctx.scope.customerId)).stages;
  return { screening: TatDefaults.screening, interview: TatDefaults.interview, offer: TatDefaults.offer };
}

export const bottleneckReport = defineReport({
  name: 'bottleneck',
  definition: [
    "A bottleneck is a stage whose median time per visit exceeds the company's turnaround target for that stage kind (Company settings > Turnaround targets). Stages are listed worst first, by median divided by target; ties are broken by the lowest pass-through.",
    'Time per visit is measured as in the velocity report: from entering a stage of that kind to leaving it, a stage entered twice counting twice, visits that ended in the range plus visits still open up to the report date.',
    'Pass-through: of the applications created in the range that reached the stage, the share that went on to a later stage.',
    'Across every company (the platform view) the default targets apply.',
    BinNote,
  ],
  async compute(ctx): Promise<ReportBody> {
    if (ctx.jobIds && !ctx.jobIds.length) return emptyBody(NoJobs, columns);
    const [stays, pass, targets] = await Promise.all([stageStays(ctx), passThrough(ctx), targetsOf(ctx)]);
    const rows = StayKinds.map((k) => {
      const s = histogramStats(mergeHistograms(stays[k].ended, stays[k].open));
      const target = targets[k];
      const ratio = s.median === null ? null : s.median / target;
      const over = s.median !== null && s.median > target;
      return {
        row: {
          stage: KindLabels[k],
          median: s.median,
          target,
          overBy: s.median === null ? null : over ? round1(s.median - target) : 0,
          passThrough: percent(pass[k].passed, pass[k].reached),
          visits: s.count,
          status: s.median === null ? 'No visits' : over ? 'Over target' : 'Within target',
        } as Record<string, TCell>,
        ratio,
        over,
      };
    });
    if (rows.every((r) => r.ratio === null)) return emptyBody('No stage visit ended in this range and none is open: there is nothing to compare with the targets. Widen the date range or clear the filters.', columns, { kind: 'bar' });
    rows.sort((a, b) => {
      if (a.ratio === null || b.ratio === null) return a.ratio === null ? (b.ratio === null ? 0 : 1) : -1;
      if (b.ratio !== a.ratio) return b.ratio - a.ratio;
      const pa = (a.row.passThrough as number | null) ?? Infinity;
      const pb = (b.row.passThrough as number | null) ?? Infinity;
      return pa - pb;
    });
    const overCount = rows.filter((r) => r.over).length;
    const worst = rows.find((r) => r.over);
    return {
      headline: [
        { label: 'Stages over target', value: overCount, kind: 'count' },
        { label: 'Worst stage', value: worst ? (worst.row.stage as string) : 'None', kind: 'text' },
        { label: 'Worst stage over by (days)', value: worst ? worst.row.overBy : 0, kind: 'days' },
      ],
      chart: {
        kind: 'bar',
        indexKey: 'stage',
        series: [
          { key: 'median', label: 'Median days' },
          { key: 'target', label: 'Target days' },
        ],
        data: rows.map((r) => ({ stage: r.row.stage, median: r.row.median, target: r.row.target })),
        unit: 'days',
        summary:
          (overCount === 0 ? 'No stage is over its turnaround target. ' : `${overCount} of ${StayKinds.length} stages are over their turnaround target. `) +
          rows.map((r) => `${r.row.stage}: median ${r.row.median ?? 'none'} days against a target of ${r.row.target}`).join('; ') +
          '.',
        reference: null,
      },
      columns,
      rows: rows.map((r) => r.row),
      totals: null,
      empty: null,
    };
  },
});
