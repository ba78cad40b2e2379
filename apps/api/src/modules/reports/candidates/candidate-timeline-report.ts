import type { Types } from 'mongoose';
import type { TStageKind } from '@hireflow/contracts/jobs';
import { StageKindLabels } from '@hireflow/contracts/candidates-search';
import { ReportMessages, type TReportColumn } from '@hireflow/contracts/reports';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { Job } from '../../jobs/job.model';
import { User } from '../../users/user.model';
import { defineReport, emptyBody, round1 } from '../report-kit';

const DayMs = 86_400_000;
const columns: TReportColumn[] = [
  { key: 'job', label: 'Job', kind: 'text' },
  { key: 'stage', label: 'Stage', kind: 'text' },
  { key: 'kind', label: 'Kind', kind: 'text' },
  { key: 'entered', label: 'Entered', kind: 'date' },
  { key: 'left', label: 'Left', kind: 'date' },
  { key: 'days', label: 'Days', kind: 'days' },
  { key: 'by', label: 'Moved by', kind: 'text' },
  { key: 'reason', label: 'Reason', kind: 'text' },
];
const timelineChart = { kind: 'timeline' as const, indexKey: 'stage', unit: 'days' as const };
/** Where the journey ends: an open visit there has no length to speak of. */
const endKinds: readonly TStageKind[] = ['hired', 'rejected'];

type Visit = { applicationId: Types.ObjectId; jobId: Types.ObjectId; toStageId: Types.ObjectId; toKind: TStageKind; at: Date; left: Date | null; by: Types.ObjectId | null; reason: string; withdrawn: boolean };

export const candidateTimelineReport = defineReport({
  name: 'candidate-timeline',
  definition: [
    "Every stage the candidate entered, on every job they applied to, from the stage history: when they entered it, when they left it (their next move on that job), the days between, who moved them and the reason given for a rejection or withdrawal.",
    'A visit still open counts its days up to today; the last stage of a hire or a rejection has no length.',
  ],
  async compute(ctx) {
    const candidateId = ctx.filters.candidateId;
    if (!candidateId) return emptyBody(ReportMessages.chooseCandidate, columns, timelineChart);
    const applications = await Application.find({ ...ctx.tenant, candidateId }, { _id: 1 }).setOptions({ crossTenant: ctx.crossTenant }).lean();
    const visits = applications.length
      ? await ctx.aggregate<Visit>(StageEvent, [
          { $match: { applicationId: { $in: applications.map((a) => a._id) } } },
          // Each visit ends when the application next moves (index customerId + applicationId + at).
          { $setWindowFields: { partitionBy: '$applicationId', sortBy: { at: 1 }, output: { left: { $shift: { output: '$at', by: 1, default: null } } } } },
          { $sort: { at: 1, _id: 1 } },
          { $project: { _id: 0, applicationId: 1, jobId: 1, toStageId: 1, toKind: 1, at: 1, left: 1, by: 1, reason: 1, withdrawn: 1 } },
        ])
      : [];
    if (!visits.length) return emptyBody('This candidate has no stage history in this company.', columns, timelineChart);

    const jobIds = [...new Set(visits.map((v) => String(v.jobId)))];
    const userIds = [...new Set(visits.filter((v) => v.by).map((v) => String(v.by)))];
    const [jobs, users] = await Promise.all([
      Job.find({ ...ctx.tenant, _id: { $in: jobIds } }, { title: 1, stages: 1 }).setOptions({ crossTenant: ctx.crossTenant }).lean(),
      userIds.length ? User.find({ ...ctx.tenant, _id: { $in: userIds } }, { firstName: 1, lastName: 1 }).setOptions({ crossTenant: ctx.crossTenant }).lean() : [],
    ]);
    const jobById = new Map(jobs.map((j) => [String(j._id), j]));
    const userName = new Map(users.map((u) => [String(u._id), `${u.firstName} ${u.lastName}`.trim()]));
    const rows = visits.map((v) => {
      const job = jobById.get(String(v.jobId));
      const stageName = job?.stages.find((s) => String(s._id) === String(v.toStageId))?.name ?? StageKindLabels[v.toKind];
      const open = !v.left;
      const days = open && endKinds.includes(v.toKind) ? null : round1(((v.left ?? ctx.now).getTime() - v.at.getTime()) / DayMs);
      const reason = v.toKind === 'rejected' ? (v.withdrawn ? `Withdrew${v.reason ? `: ${v.reason}` : ''}` : v.reason) : '';
      return {
        job: job?.title ?? '(deleted job)',
        stage: stageName,
        kind: StageKindLabels[v.toKind],
        entered: v.at.toISOString().slice(0, 10),
        left: v.left ? v.left.toISOString().slice(0, 10) : null,
        days,
        by: v.by ? (userName.get(String(v.by)) ?? null) : null,
        reason,
      };
    });
    const data = visits.map((v, i) => ({ job: rows[i]!.job, stage: rows[i]!.stage, kind: v.toKind, from: v.at.toISOString(), to: (v.left ?? ctx.now).toISOString() }));
    const first = rows[0]!.entered;
    return {
      headline: [
        { label: 'Jobs', value: jobIds.length, kind: 'count' },
        { label: 'Stage visits', value: rows.length, kind: 'count' },
        { label: 'First application', value: first, kind: 'date' },
      ],
      chart: {
        ...timelineChart,
        series: [{ key: 'from', label: 'Entered' }, { key: 'to', label: 'Left' }],
        data,
        summary: `${rows.length} stage ${rows.length === 1 ? 'visit' : 'visits'} on ${jobIds.length} ${jobIds.length === 1 ? 'job' : 'jobs'} since ${first}: ${rows.map((r) => `${r.job} – ${r.stage} (${r.entered})`).join('; ')}.`,
        reference: null,
      },
      columns,
      rows,
      totals: null,
      empty: null,
    };
  },
});
