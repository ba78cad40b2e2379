import type { PipelineStage } from 'mongoose';
import type { TCell, TReportColumn } from '@hireflow/contracts/reports';
import type { TStageKind } from '@hireflow/contracts/jobs';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { Job } from '../../jobs/job.model';
import { defineReport, type ReportBody, type ReportContext } from '../report-kit';
import { eventScope, kindLabel, noJobsReason, plural, sourceWords, StageKinds } from './pipeline-shared';

/** Up to this many selected jobs, the table has a column per job. */
const JobColumnsMax = 12;
const DayMs = 86_400_000;

/** Applications in each stage kind at the end of the day (entered minus left, every event before `asOf`), per job when `perJob`. */
async function rawCounts(ctx: ReportContext, asOf: Date, perJob: boolean): Promise<{ job: string; kind: TStageKind; n: number }[]> {
  const pipeline: PipelineStage[] = [
    { $match: eventScope(ctx, { $lt: asOf }) },
    { $project: { jobId: 1, moves: [{ k: '$toKind', v: { $literal: 1 } }, { k: { $ifNull: ['$fromKind', null] }, v: { $literal: -1 } }] } },
    { $unwind: '$moves' },
    { $match: { 'moves.k': { $ne: null } } },
    { $group: { _id: { job: perJob ? '$jobId' : null, kind: '$moves.k' }, n: { $sum: '$moves.v' } } },
  ];
  const rows = await ctx.aggregate<{ _id: { job: unknown; kind: TStageKind }; n: number }>(StageEvent, pipeline);
  return rows.map((r) => ({ job: r._id.job == null ? '' : String(r._id.job), kind: r._id.kind, n: r.n }));
}

/** The same from the maintained tallies: entered minus exited per kind, summed over every day before `asOf`. */
async function tallyCounts(ctx: ReportContext, asOf: Date): Promise<{ job: string; kind: TStageKind; n: number }[]> {
  const counters = StageKinds.flatMap((k) => [`entered.${k}`, `exited.${k}`]);
  const [sums] = await ctx.tallies({ dim: 'src', counters, groupBy: 'none', until: asOf, keys: ctx.filters.source ? [ctx.filters.source] : undefined });
  return StageKinds.map((k) => ({ job: '', kind: k, n: (sums?.sums[`entered.${k}`] ?? 0) - (sums?.sums[`exited.${k}`] ?? 0) }));
}

export const historyPipelineReport = defineReport({
  name: 'history-pipeline',
  definition: [
    'The stage counts as they were at the end of the chosen day (UTC), from the stage events: for each stage kind, the applications that entered it up to that day minus those that left it.',
    'Applications in the hired and rejected stages stay counted there until they are moved out. A source filter counts only applications from that source; when the filters select a few jobs, each has its own column.',
  ],
  async compute(ctx): Promise<ReportBody> {
    const asOf = ctx.filters.asOf ?? new Date(Math.floor(ctx.now.getTime() / DayMs) * DayMs + DayMs);
    const day = new Date(asOf.getTime() - DayMs).toISOString().slice(0, 10);
    const baseColumns: TReportColumn[] = [{ key: 'stage', label: 'Stage', kind: 'text' }];
    const none = noJobsReason(ctx);
    if (none) return emptyHistory(none, [...baseColumns, { key: 'applications', label: 'Applications', kind: 'count' }]);

    const perJob = ctx.jobIds !== null && ctx.jobIds.length <= JobColumnsMax;
    const counts = ctx.tallyable ? await tallyCounts(ctx, asOf) : await rawCounts(ctx, asOf, perJob);
    const jobs = perJob
      ? await ctx.aggregate<{ _id: unknown; title: string }>(Job, [{ $match: { _id: { $in: ctx.jobIds } } }, { $project: { title: 1 } }, { $sort: { title: 1, _id: 1 } }])
      : [];
    const jobColumns: TReportColumn[] = jobs.map((j) => ({ key: `job_${String(j._id)}`, label: j.title, kind: 'count' }));
    const columns: TReportColumn[] = [...baseColumns, ...jobColumns, { key: 'applications', label: jobs.length ? 'All selected jobs' : 'Applications', kind: 'count' }];

    const rows: Record<string, TCell>[] = StageKinds.map((k) => {
      const row: Record<string, TCell> = { stage: kindLabel(k) };
      for (const j of jobs) row[`job_${String(j._id)}`] = counts.filter((c) => c.kind === k && c.job === String(j._id)).reduce((a, c) => a + c.n, 0);
      row.applications = counts.filter((c) => c.kind === k).reduce((a, c) => a + c.n, 0);
      return row;
    });
    const totals: Record<string, TCell> = { stage: 'Total' };
    for (const c of columns.slice(1)) totals[c.key] = rows.reduce((a, r) => a + Number(r[c.key] ?? 0), 0);
    const total = Number(totals.applications);
    const data = rows.map((r) => ({ stage: r.stage, applications: r.applications }));
    const summary = `On ${day}, ${plural(total, 'application')}${sourceWords(ctx)} ${total === 1 ? 'was' : 'were'} in the pipeline: ${data.map((d) => `${d.stage} ${d.applications}`).join(', ')}.`;
    const open = rows.slice(0, 3).reduce((a, r) => a + Number(r.applications), 0);
    return {
      headline: [
        { label: `In screening, interview or offer on ${day}`, value: open, kind: 'count' },
        { label: `Hired by ${day}`, value: Number(rows[3]?.applications ?? 0), kind: 'count' },
        { label: `Rejected or withdrawn by ${day}`, value: Number(rows[4]?.applications ?? 0), kind: 'count' },
      ],
      chart: { kind: 'bar', indexKey: 'stage', series: [{ key: 'applications', label: `Applications on ${day}` }], data, unit: 'count', summary, reference: null },
      columns,
      rows,
      totals,
      empty: total === 0 ? `No application${sourceWords(ctx)} had entered a stage by the end of ${day}${ctx.jobIds !== null ? ' in the chosen jobs' : ''}. Choose a later date.` : null,
    };
  },
});

function emptyHistory(reason: string, columns: TReportColumn[]): ReportBody {
  return { headline: [], chart: { kind: 'none', indexKey: 'stage', series: [], data: [], unit: 'count', summary: reason, reference: null }, columns, rows: [], totals: null, empty: reason };
}
