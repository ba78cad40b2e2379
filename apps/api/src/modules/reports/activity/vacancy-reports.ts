import type { Types } from 'mongoose';
import { StageKinds, JobStatusLabels, type TJobStatus, type TStageKind } from '@hireflow/contracts/jobs';
import type { TReportColumn, TCell } from '@hireflow/contracts/reports';
import { Job } from '../../jobs/job.model';
import { getTatSettings } from '../tat/tat.service';
import { defineReport, emptyBody, round1, sumRows, type ReportContext } from '../report-kit';
import { calendarDays, dayString, DayMs, median } from './report-names';
import type { VacancyHistory } from './vacancy-history';

/**
 * vacancy-analysis and vacancy-ageing: per job, from the job itself: openings, applicants, its applications per
 * kind of stage kept by every move (jobs/stage-counts.ts), and the history of its status and hire events kept
 * with them (vacancy-history.ts).
 * One row per job: these read the jobs (thousands at most), never the applications nor their events.
 */
const KindLabels: Record<TStageKind, string> = { screening: 'Screening', interview: 'Interview', offer: 'Offer', hired: 'Hired', rejected: 'Rejected' };

type JobRow = {
  _id: Types.ObjectId;
  title: string;
  status: TJobStatus;
  headcount: number;
  applicantCount: number;
  kindCounts?: Partial<Record<TStageKind, number>>;
  openedAt: Date | null;
  vacancy?: Partial<VacancyHistory>;
};

const jobFilter = (ctx: ReportContext) => (ctx.jobIds ? { _id: { $in: ctx.jobIds } } : {});

const kindCounts = (job: JobRow) => Object.fromEntries(StageKinds.map((k) => [k, Math.max(0, job.kindCounts?.[k] ?? 0)])) as Record<TStageKind, number>;

/** From the job's history: when it first opened, when it ended (filled or closed, if it is now), days on hold up to now. */
function statusSpan(job: JobRow, now: Date) {
  const h = job.vacancy ?? {};
  const opens = [job.openedAt, h.firstOpenAt].filter((d): d is Date => !!d);
  const firstOpen = opens.length ? new Date(Math.min(...opens.map((d) => d.getTime()))) : null;
  const holdMs = (h.heldMs ?? 0) + (h.holdSince ? Math.max(0, now.getTime() - h.holdSince.getTime()) : 0);
  const endedAt = job.status === 'filled' || job.status === 'closed' ? (h.endedAt ?? null) : null;
  return { firstOpen, endedAt, holdDays: round1(holdMs / DayMs) };
}

export const vacancyAnalysis = defineReport({
  name: 'vacancy-analysis',
  definition: [
    'One row per job that was open at some time in the date range (opened before its end, and not filled or closed before its start).',
    'Openings: the positions the job has. Filled: hires on it now (at most the openings). Applicants: every application it received. The stage columns count its applications in each kind of stage now.',
    'Age: calendar days from the job\'s first opening to today, or to the day it was filled or closed.',
    'Time to fill: for each filled opening, the calendar days from the job\'s first opening to the hire that filled it (openings are filled by the job\'s first hires in order); the job shows the median of its openings. Time on hold is included there and shown separately in its own column.',
  ],
  async compute(ctx) {
    const range = ctx.range!;
    const columns: TReportColumn[] = [
      { key: 'job', label: 'Job', kind: 'text' },
      { key: 'status', label: 'Status', kind: 'text' },
      { key: 'openings', label: 'Openings', kind: 'count' },
      { key: 'filled', label: 'Filled', kind: 'count' },
      { key: 'applicants', label: 'Applicants', kind: 'count' },
      ...StageKinds.map((k) => ({ key: k, label: KindLabels[k], kind: 'count' as const })),
      { key: 'ageDays', label: 'Age', kind: 'days' },
      { key: 'timeToFill', label: 'Time to fill (median)', kind: 'days' },
      { key: 'holdDays', label: 'On hold', kind: 'days' },
    ];
    const chartShape = { kind: 'stacked-bar' as const, indexKey: 'job', series: StageKinds.map((k) => ({ key: k, label: KindLabels[k] })) };
    if (ctx.jobIds && !ctx.jobIds.length) return emptyBody('No job matches the filters.', columns, chartShape);
    const jobs = await ctx.aggregate<JobRow>(Job, [
      { $match: { ...jobFilter(ctx), openedAt: { $ne: null, $lt: range.until } } },
      { $project: { title: 1, status: 1, headcount: 1, applicantCount: 1, kindCounts: 1, openedAt: 1, vacancy: 1 } },
    ]);
    if (!jobs.length) return emptyBody('No job had been opened by the end of this date range.', columns, chartShape);
    const fillsInRange: number[] = [];
    const rows: Record<string, TCell>[] = [];
    for (const job of jobs) {
      const h = statusSpan(job, ctx.now);
      if (!h.firstOpen || h.firstOpen >= range.until || (h.endedAt && h.endedAt < range.from)) continue;
      const counts = kindCounts(job);
      const filled = Math.min(job.headcount, counts.hired);
      const fills = (job.vacancy?.fills ?? []).slice(0, filled);
      const days = fills.map((at) => Math.max(0, calendarDays(h.firstOpen!, at)));
      fills.forEach((at, i) => {
        if (at >= range.from && at < range.until) fillsInRange.push(days[i]!);
      });
      rows.push({
        job: job.title,
        status: JobStatusLabels[job.status] ?? job.status,
        openings: job.headcount,
        filled,
        applicants: job.applicantCount ?? 0,
        ...counts,
        ageDays: Math.max(0, calendarDays(h.firstOpen, h.endedAt ?? ctx.now)),
        timeToFill: median(days),
        holdDays: h.holdDays,
      });
    }
    if (!rows.length) return emptyBody('No job was open in this date range.', columns, chartShape);
    rows.sort((a, b) => Number(b.ageDays) - Number(a.ageDays) || String(a.job).localeCompare(String(b.job)));
    const totals = sumRows(rows, columns, ['openings', 'filled', 'applicants', ...StageKinds, 'holdDays']);
    totals.ageDays = median(rows.map((r) => Number(r.ageDays)));
    totals.timeToFill = median(fillsInRange);
    const openings = Number(totals.openings);
    const filled = Number(totals.filled);
    const top = [...rows].sort((a, b) => Number(b.applicants) - Number(a.applicants)).slice(0, 15);
    return {
      headline: [
        { label: 'Jobs', value: rows.length, kind: 'count' },
        { label: 'Openings', value: openings, kind: 'count' },
        { label: 'Filled', value: filled, kind: 'count' },
        { label: 'Median time to fill (openings filled in the range)', value: median(fillsInRange), kind: 'days' },
      ],
      chart: {
        ...chartShape,
        data: top.map((r) => ({ job: r.job, ...Object.fromEntries(StageKinds.map((k) => [k, r[k] ?? 0])) })),
        unit: 'count',
        summary:
          `${rows.length} ${rows.length === 1 ? 'job' : 'jobs'} with ${openings} openings, ${filled} filled; ${Number(totals.applicants)} applicants. ` +
          `${fillsInRange.length ? `Openings filled in the range took a median of ${median(fillsInRange)} days.` : 'No opening was filled in the range.'} ` +
          `The chart shows where the applications of the ${top.length === rows.length ? '' : `${top.length} busiest `}jobs stand now.`,
        reference: null,
      },
      columns,
      rows,
      totals,
      empty: null,
    };
  },
});

const Buckets = [
  { key: '0-30', label: '0-30 days', max: 30 },
  { key: '31-60', label: '31-60 days', max: 60 },
  { key: '61-90', label: '61-90 days', max: 90 },
  { key: '90+', label: 'Over 90 days', max: Infinity },
] as const;
export const ageBucket = (days: number) => Buckets.find((b) => days <= b.max)!.key;

export const vacancyAgeing = defineReport({
  name: 'vacancy-ageing',
  definition: [
    'Every job open or on hold today, with the calendar days since it first opened (time on hold included), against the company\'s target for filling a vacancy (company settings, turnaround targets).',
    'Buckets: 0-30, 31-60, 61-90 and over 90 days open. Over by: days open beyond the target (0 when within it).',
  ],
  async compute(ctx) {
    const columns: TReportColumn[] = [
      { key: 'job', label: 'Job', kind: 'text' },
      { key: 'status', label: 'Status', kind: 'text' },
      { key: 'openedOn', label: 'Opened', kind: 'date' },
      { key: 'daysOpen', label: 'Days open', kind: 'days' },
      { key: 'bucket', label: 'Age bucket', kind: 'text' },
      { key: 'target', label: 'Target', kind: 'days' },
      { key: 'overBy', label: 'Over target by', kind: 'days' },
    ];
    const chartShape = { kind: 'bar' as const, indexKey: 'bucket', series: [{ key: 'jobs', label: 'Jobs' }] };
    if (ctx.jobIds && !ctx.jobIds.length) return emptyBody('No job matches the filters.', columns, chartShape);
    const jobs = await ctx.aggregate<{ _id: Types.ObjectId; customerId: Types.ObjectId; title: string; status: TJobStatus; openedAt: Date; daysOpen: number }>(Job, [
      { $match: { ...jobFilter(ctx), status: { $in: ['open', 'on_hold'] }, openedAt: { $ne: null } } },
      { $project: { customerId: 1, title: 1, status: 1, openedAt: 1, daysOpen: { $max: [0, { $dateDiff: { startDate: '$openedAt', endDate: ctx.now, unit: 'day' } }] } } },
      { $sort: { daysOpen: -1, title: 1 } },
    ]);
    if (!jobs.length) return emptyBody('No job is open or on hold now.', columns, chartShape);
    const targets = new Map<string, number>();
    for (const id of new Set(jobs.map((j) => String(j.customerId)))) targets.set(id, (await getTatSettings(jobs.find((j) => String(j.customerId) === id)!.customerId)).vacancyDays);
    const rows = jobs.map((j) => {
      const target = targets.get(String(j.customerId))!;
      return { job: j.title, status: JobStatusLabels[j.status] ?? j.status, openedOn: dayString(j.openedAt), daysOpen: j.daysOpen, bucket: Buckets.find((b) => b.key === ageBucket(j.daysOpen))!.label, target, overBy: Math.max(0, j.daysOpen - target) };
    });
    const perBucket = Buckets.map((b) => ({ bucket: b.label, jobs: rows.filter((r) => ageBucket(r.daysOpen) === b.key).length }));
    const over = rows.filter((r) => r.overBy > 0).length;
    const sameTarget = new Set(targets.values()).size === 1 ? [...targets.values()][0]! : null;
    const totals: Record<string, TCell> = { job: 'Total', status: null, openedOn: null, daysOpen: median(rows.map((r) => r.daysOpen)), bucket: null, target: sameTarget, overBy: rows.reduce((n, r) => n + r.overBy, 0) };
    return {
      headline: [
        { label: 'Open jobs', value: rows.length, kind: 'count' },
        { label: 'Over target', value: over, kind: 'count' },
        { label: 'Median days open', value: median(rows.map((r) => r.daysOpen)), kind: 'days' },
        ...(sameTarget !== null ? [{ label: 'Target', value: sameTarget, kind: 'days' as const }] : []),
      ],
      chart: {
        ...chartShape,
        data: perBucket,
        unit: 'count',
        summary: `${rows.length} open ${rows.length === 1 ? 'job' : 'jobs'}: ${perBucket.map((b) => `${b.jobs} ${b.bucket.toLowerCase()}`).join(', ')}. ${over} ${over === 1 ? 'is' : 'are'} over the target${sameTarget !== null ? ` of ${sameTarget} days` : 's'}.`,
        reference: null,
      },
      columns,
      rows,
      totals,
      empty: null,
    };
  },
});
