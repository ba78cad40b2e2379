import type { PipelineStage } from 'mongoose';
import type { TReportColumn, TCell } from '@hireflow/contracts/reports';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { defineReport, emptyBody, sumRows, type ReportBody, type ReportContext } from '../report-kit';
import { ActionCounters, ActivityKinds, JobActivityCounters, UserActivityCounters, counterSums, type ActivityCounter } from './activity-tallies';
import { dayString, DayMs, jobTitles, userNames } from './report-names';

/**
 * recruiter-activity and job-activity: the actions people take on candidates (moves, notes, interviews
 * scheduled, offers, mails), per person and per job. Default view: the user and job tallies; with an
 * organisation filter: the candidate activities of the selected jobs (index customerId + jobId + at).
 */
const Labels: Record<ActivityCounter | 'total', string> = {
  applied: 'Applications',
  moves: 'Moves',
  hires: 'Hires',
  rejections: 'Rejections',
  notes: 'Notes',
  interviewsScheduled: 'Interviews scheduled',
  offers: 'Offers',
  mails: 'Mails',
  total: 'Total actions',
};
const ChartTop = 15;

type Sums = Map<string, Record<string, number>>;

/** Activity counts of the selected jobs' candidate activities, grouped by a field, in the database. */
async function rawSums(ctx: ReportContext, groupField: '$by' | '$jobId', counters: readonly ActivityCounter[], from: Date, until: Date): Promise<Sums> {
  const match: Record<string, unknown> = { jobId: { $in: ctx.jobIds ?? [] }, at: { $gte: from, $lt: until }, kind: { $in: ActivityKinds } };
  if (groupField === '$by') match.by = { $ne: null };
  const rows = await ctx.aggregate<Record<string, number> & { _id: unknown }>(CandidateActivity, [
    { $match: match },
    { $group: { _id: groupField, ...counterSums(counters) } } as PipelineStage,
  ]);
  return new Map(rows.map((r) => [String(r._id), Object.fromEntries(counters.map((c) => [c, r[c] ?? 0]))]));
}

async function tallySums(ctx: ReportContext, dim: 'user' | 'job', counters: readonly ActivityCounter[], from: Date, until: Date): Promise<Sums> {
  const rows = await ctx.tallies({ dim, counters, groupBy: 'key', from, until });
  return new Map(rows.map((r) => [r.id, r.sums]));
}

const totalOf = (s: Record<string, number>) => ActionCounters.reduce((n, c) => n + (s[c] ?? 0), 0);

function body(ctx: ReportContext, opts: { who: string; nameKey: string; counters: readonly ActivityCounter[]; rows: Record<string, TCell>[]; emptyReason: string; note?: string }): ReportBody {
  const columns: TReportColumn[] = [
    { key: opts.nameKey, label: opts.who, kind: 'text' },
    ...opts.counters.map((c) => ({ key: c, label: Labels[c], kind: 'count' as const })),
    { key: 'total', label: Labels.total, kind: 'count' },
  ];
  const series = ActionCounters.map((c) => ({ key: c, label: Labels[c] }));
  if (!opts.rows.length) return emptyBody(opts.emptyReason, columns, { kind: 'stacked-bar', indexKey: opts.nameKey, series });
  const totals = sumRows(opts.rows, columns, [...opts.counters, 'total']);
  const total = Number(totals.total ?? 0);
  const top = opts.rows[0]!;
  const chartRows = opts.rows.slice(0, ChartTop);
  const byKind = ActionCounters.map((c) => `${Labels[c].toLowerCase()} ${Number(totals[c] ?? 0)}`).join(', ');
  return {
    headline: [
      { label: Labels.total, value: total, kind: 'count' },
      { label: opts.nameKey === 'user' ? 'People active' : 'Jobs with activity', value: opts.rows.length, kind: 'count' },
      { label: 'Moves', value: Number(totals.moves ?? 0), kind: 'count' },
      { label: 'Interviews scheduled', value: Number(totals.interviewsScheduled ?? 0), kind: 'count' },
    ],
    chart: {
      kind: 'stacked-bar',
      indexKey: opts.nameKey,
      series,
      data: chartRows.map((r) => Object.fromEntries([[opts.nameKey, r[opts.nameKey] ?? ''], ...ActionCounters.map((c) => [c, r[c] ?? 0])])),
      unit: 'count',
      summary:
        `${total} actions (${byKind}) across ${opts.rows.length} ${opts.nameKey === 'user' ? (opts.rows.length === 1 ? 'person' : 'people') : opts.rows.length === 1 ? 'job' : 'jobs'}; ` +
        `the most: ${String(top[opts.nameKey])} with ${Number(top.total)}.${opts.rows.length > ChartTop ? ` The chart shows the ${ChartTop} most active; the table has all.` : ''}${opts.note ? ` ${opts.note}` : ''}`,
      reference: null,
    },
    columns,
    rows: opts.rows,
    totals,
    empty: null,
  };
}

const sortRows = (rows: Record<string, TCell>[], nameKey: string) =>
  rows.sort((a, b) => Number(b.total) - Number(a.total) || String(a[nameKey]).localeCompare(String(b[nameKey])));

export const recruiterActivity = defineReport({
  name: 'recruiter-activity',
  definition: [
    'Per person, the actions they took on candidates in the date range: moves between stages (of which hires and rejections), notes, interviews scheduled, offers (creating an offer and sending it are each one action) and mails sent to candidates.',
    'Total actions = moves + notes + interviews scheduled + offers + mails. Automatic mails and automations are nobody\'s action and are not counted here.',
    'With a business unit, department, location, job or recruiter filter, only actions on the candidates of the selected jobs count (a note on a candidate without a job then does not).',
  ],
  async compute(ctx) {
    const range = ctx.range!;
    const counters = UserActivityCounters;
    if (ctx.jobIds && !ctx.jobIds.length) return body(ctx, { who: 'Person', nameKey: 'user', counters, rows: [], emptyReason: 'No job matches the filters.' });
    const sums = ctx.jobIds ? await rawSums(ctx, '$by', counters, range.from, range.until) : await tallySums(ctx, 'user', counters, range.from, range.until);
    const active = [...sums].filter(([, s]) => totalOf(s) > 0);
    const names = await userNames(ctx, active.map(([id]) => id));
    const rows = sortRows(
      active.map(([id, s]) => ({ user: names.get(id)?.name ?? '(removed user)', ...Object.fromEntries(counters.map((c) => [c, s[c] ?? 0])), total: totalOf(s) })),
      'user',
    );
    return body(ctx, { who: 'Person', nameKey: 'user', counters, rows, emptyReason: 'Nobody moved, noted, scheduled, offered or mailed a candidate in this date range. Try a wider range.' });
  },
});

/** The job tallies are monthly: the range is counted in whole months (both paths, so they agree). */
export function wholeMonths(range: { from: Date; until: Date }) {
  const from = new Date(Date.UTC(range.from.getUTCFullYear(), range.from.getUTCMonth(), 1));
  const last = new Date(range.until.getTime() - DayMs);
  const until = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 1));
  return { from, until };
}

export const jobActivity = defineReport({
  name: 'job-activity',
  definition: [
    'Per job, the applications it received (candidates applying or added to it) and the actions taken on its candidates: moves between stages (of which hires and rejections), notes, interviews scheduled, offers (created and sent each count) and mails to candidates, automatic mails included.',
    'Total actions = moves + notes + interviews scheduled + offers + mails.',
    'The figures are kept per job and month, so the date range is counted in whole calendar months: from the first day of the month the range starts in to the last day of the month it ends in.',
  ],
  async compute(ctx) {
    const months = wholeMonths(ctx.range!);
    const counters = JobActivityCounters;
    const note = `Counted in whole months: ${dayString(months.from)} to ${dayString(new Date(months.until.getTime() - DayMs))}.`;
    if (ctx.jobIds && !ctx.jobIds.length) return body(ctx, { who: 'Job', nameKey: 'job', counters, rows: [], emptyReason: 'No job matches the filters.' });
    const sums = ctx.jobIds ? await rawSums(ctx, '$jobId', counters, months.from, months.until) : await tallySums(ctx, 'job', counters, months.from, months.until);
    const active = [...sums].filter(([, s]) => totalOf(s) + (s.applied ?? 0) > 0);
    const titles = await jobTitles(ctx, active.map(([id]) => id));
    const rows = sortRows(
      active.map(([id, s]) => ({ job: titles.get(id)?.title ?? '(removed job)', ...Object.fromEntries(counters.map((c) => [c, s[c] ?? 0])), total: totalOf(s) })),
      'job',
    );
    return body(ctx, { who: 'Job', nameKey: 'job', counters, rows, emptyReason: `No application or action on any job in these months (${note.slice(0, -1).toLowerCase()}). Try a wider range.`, note });
  },
});
