import type { PipelineStage } from 'mongoose';
import type { TReportColumn, TCell } from '@hireflow/contracts/reports';
import { JobStatusLabels, type TJobStatus } from '@hireflow/contracts/jobs';
import { Application } from '../../candidates/applications/application.model';
import { Job } from '../../jobs/job.model';
import { defineReport, sumRows, type ReportBody, type ReportContext } from '../report-kit';
import { cohortOf, emptyCohort, kindLabel, noJobsReason, passThrough, passThroughDefinition, plural, rangeWords, sourceWords, StageKinds } from './pipeline-shared';

/** Jobs whose pipeline is live: the table lists these (the pass-through counts every job's applications). */
const LiveStatuses: TJobStatus[] = ['open', 'on_hold'];

type JobRow = { _id: unknown; title: string; status: TJobStatus } & Record<string, unknown>;

/**
 * Applications now in each stage kind per live job, summed from the job's maintained stage counts
 * (already aggregates: reading them is a few hundred small documents, never the applications).
 */
async function countsFromJobs(ctx: ReportContext): Promise<JobRow[]> {
  const match: Record<string, unknown> = { ...ctx.tenant, status: { $in: LiveStatuses } };
  if (ctx.jobIds !== null) match._id = { $in: ctx.jobIds };
  const jobs = await Job.find(match, { title: 1, status: 1, stages: 1, stageCounts: 1 }).sort({ title: 1, _id: 1 }).setOptions({ crossTenant: ctx.crossTenant }).lean();
  return jobs.map((j) => {
    const counts = (j.stageCounts ?? {}) as Record<string, number>;
    const row: JobRow = { _id: j._id, title: j.title, status: j.status as TJobStatus };
    for (const k of StageKinds) row[k] = 0;
    for (const s of j.stages) row[s.kind] = Number(row[s.kind] ?? 0) + Number(counts[String(s._id)] ?? 0);
    return row;
  });
}

/** With a source filter: the live jobs' applications of that source, counted per job and stage kind. */
async function countsFromApplications(ctx: ReportContext): Promise<JobRow[]> {
  const jobMatch: Record<string, unknown> = { status: { $in: LiveStatuses } };
  if (ctx.jobIds !== null) jobMatch._id = { $in: ctx.jobIds };
  const jobs = await ctx.aggregate<{ _id: unknown; title: string; status: TJobStatus }>(Job, [{ $match: jobMatch }, { $project: { title: 1, status: 1 } }, { $sort: { title: 1, _id: 1 } }]);
  if (!jobs.length) return [];
  const perKind: Record<string, unknown> = {};
  for (const k of StageKinds) perKind[k] = { $sum: { $cond: [{ $eq: ['$stageKind', k] }, 1, 0] } };
  const counts = await ctx.aggregate<Record<string, unknown>>(Application, [
    { $match: { jobId: { $in: jobs.map((j) => j._id) }, source: ctx.filters.source } },
    { $group: { _id: '$jobId', ...perKind } } as PipelineStage,
  ]);
  const byJob = new Map(counts.map((c) => [String(c._id), c]));
  return jobs.map((j) => ({ ...j, ...Object.fromEntries(StageKinds.map((k) => [k, Number(byJob.get(String(j._id))?.[k] ?? 0)])) }));
}

const columns: TReportColumn[] = [
  { key: 'job', label: 'Job', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  ...StageKinds.map((k) => ({ key: k, label: kindLabel(k), kind: 'count' as const })),
  { key: 'total', label: 'Total', kind: 'count' },
];

export const currentPipelineReport = defineReport({
  name: 'current-pipeline',
  definition: [
    'Applications in each stage of each open or on-hold job now, with the stages summed by kind (screening, interview, offer, hired, rejected). The date range does not change these counts; a source filter counts only applications from that source.',
    passThroughDefinition,
    'The pass-through counts the applications created in the date range, whatever their job, following each one to where it is now.',
  ],
  async compute(ctx): Promise<ReportBody> {
    const none = noJobsReason(ctx);
    if (none) return { ...emptyPipeline(none) };
    const [jobs, cohorts] = await Promise.all([ctx.filters.source ? countsFromApplications(ctx) : countsFromJobs(ctx), cohortOf(ctx, 'none')]);
    const rows: Record<string, TCell>[] = jobs.map((j) => {
      const row: Record<string, TCell> = { job: j.title, status: JobStatusLabels[j.status] ?? j.status };
      let total = 0;
      for (const k of StageKinds) {
        const n = Number(j[k] ?? 0);
        row[k] = n;
        total += n;
      }
      row.total = total;
      return row;
    });
    const totals = sumRows(rows, columns, [...StageKinds, 'total']);
    const cohort = cohorts.get('') ?? emptyCohort();
    const pass = passThrough(cohort);
    const headline: ReportBody['headline'] = [
      { label: 'Applications in open or on-hold jobs now', value: Number(totals.total ?? 0), kind: 'count' },
      { label: 'Applications created in the range', value: cohort.applied, kind: 'count' },
      ...pass.map((p) => ({ label: `Pass-through from ${kindLabel(p.kind).toLowerCase()}`, value: p.share, kind: 'percent' as const })),
    ];
    const data = StageKinds.map((k) => ({ stage: kindLabel(k), applications: Number(totals[k] ?? 0) }));
    const passWords = pass.map((p) => `${kindLabel(p.kind).toLowerCase()} ${p.share === null ? 'no applications' : `${p.share}% (${p.passed} of ${p.reached})`}`).join(', ');
    const summary =
      `Applications${sourceWords(ctx)} now in ${plural(rows.length, 'open or on-hold job')}: ` +
      data.map((d) => `${d.stage} ${d.applications}`).join(', ') +
      `. Of the ${plural(cohort.applied, 'application')}${sourceWords(ctx)} created ${rangeWords(ctx)}, pass-through: ${passWords}.`;
    const empty = rows.length === 0 ? `No open or on-hold job${ctx.jobIds !== null ? ' matches the filters' : ''}, so there is no pipeline to show. ${cohort.applied ? '' : `No applications${sourceWords(ctx)} were created ${rangeWords(ctx)} either.`}`.trim() : null;
    return {
      headline,
      chart: { kind: 'bar', indexKey: 'stage', series: [{ key: 'applications', label: 'Applications now' }], data, unit: 'count', summary, reference: null },
      columns,
      rows,
      totals,
      empty,
    };
  },
});

function emptyPipeline(reason: string): ReportBody {
  return { headline: [], chart: { kind: 'none', indexKey: 'stage', series: [], data: [], unit: 'count', summary: reason, reference: null }, columns, rows: [], totals: null, empty: reason };
}
