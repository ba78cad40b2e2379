import type { TCell, TReportColumn } from '@hireflow/contracts/reports';
import { DidNotHappenReasons, RecommendationLabels, Recommendations } from '@hireflow/contracts/interviews';
import { InterviewEvent } from '../../interviews/interview-event.model';
import { defineReport, emptyBody, percent, round1, type ReportBody, type ReportContext } from '../report-kit';
import { HourBinEdges, histogramPercentile } from '../tallies/histogram';
import { interviewCounts, jobInfo, userNames, weeksOf, type Counts } from './interview-data';
import { DidNotHappenCounters, NoManagerKey, RecommendationCounters, TurnaroundCounters, reasonKey } from './interview-tallies';

type Sums = Record<string, number>;
type Cells = (s: Sums) => Record<string, TCell>;

const Common = [
  'Interview reports count interview events on the day they were recorded (UTC): an interview is counted as scheduled on the day it was booked, rescheduled or cancelled on the day that was done, and completed, did not happen or incident on the day its outcome was marked, not on the day of the interview.',
  'Rows per interviewer count each interview once for every interviewer on its panel (a scorecard counts for its author); rows per job and the totals count each interview once, so the interviewer rows can add up to more than the total.',
  'The chart shows the weeks (Monday to Sunday) of the range. Filters by business unit, department, location, job or recruiter keep the interviews of the jobs they select.',
];

const base: TReportColumn[] = [
  { key: 'group', label: 'Group', kind: 'text' },
  { key: 'name', label: 'Interviewer or job', kind: 'text' },
];

const n = (s: Sums | undefined, c: string) => s?.[c] ?? 0;
const sumOf = (s: Sums | undefined, counters: readonly string[]) => counters.reduce((a, c) => a + n(s, c), 0);
const rangeWords = (ctx: ReportContext) => `between ${ctx.range!.fromDay} and ${ctx.range!.toDay}`;
const filtered = (ctx: ReportContext) => (ctx.jobIds ? ' in the jobs the filters select' : '');

type Breakdown = { byPerson: Counts; byJob: Counts; byWeek: Counts; total: Sums };
async function breakdown(ctx: ReportContext, counters: readonly string[]): Promise<Breakdown> {
  const [byPerson, byJob, byWeek] = await Promise.all([
    interviewCounts(ctx, 'interviewer', counters),
    interviewCounts(ctx, 'job', counters),
    interviewCounts(ctx, 'week', counters),
  ]);
  return { byPerson, byJob, byWeek, total: totalOf(byJob) };
}

/** Every interview event has one job: the totals are the sums of the per-job counters. */
function totalOf(byJob: Counts): Sums {
  const total: Sums = {};
  for (const s of byJob.values()) for (const [c, v] of Object.entries(s)) total[c] = (total[c] ?? 0) + v;
  return total;
}

/** Rows per interviewer then per job (those with something to show), most first. */
async function groupRows(ctx: ReportContext, b: Breakdown, cells: Cells, weight: (s: Sums) => number) {
  const people = [...b.byPerson].filter(([, s]) => weight(s) > 0);
  const jobs = [...b.byJob].filter(([, s]) => weight(s) > 0);
  const [names, titles] = await Promise.all([userNames(ctx, people.map(([k]) => k)), jobInfo(ctx, jobs.map(([k]) => k))]);
  const order = (a: { w: number; name: string }, z: { w: number; name: string }) => z.w - a.w || a.name.localeCompare(z.name);
  const personRows = people.map(([k, s]) => ({ w: weight(s), name: names.get(k) ?? '(removed user)', s })).sort(order);
  const jobRows = jobs.map(([k, s]) => ({ w: weight(s), name: titles.get(k)?.title ?? '(deleted job)', s })).sort(order);
  return [
    ...personRows.map((r) => ({ group: 'Interviewer', name: r.name, ...cells(r.s) })),
    ...jobRows.map((r) => ({ group: 'Job', name: r.name, ...cells(r.s) })),
  ];
}

const totalsRow = (b: Breakdown, cells: Cells) => ({ group: 'Total', name: 'All interviews', ...cells(b.total) });

function weekData(ctx: ReportContext, b: Breakdown, values: (s: Sums) => Record<string, number>) {
  return weeksOf(ctx).map((week) => ({ week, ...values(b.byWeek.get(week) ?? {}) }));
}

function busiest(data: Record<string, TCell>[], key: string) {
  let best: Record<string, TCell> | null = null;
  for (const d of data) if (!best || (d[key] as number) > (best[key] as number)) best = d;
  return best && (best[key] as number) > 0 ? ` The busiest week began ${String(best.week)} with ${String(best[key])}.` : '';
}

// interview-scheduled ---------------------------------------------------------------------------

const scheduledCols: TReportColumn[] = [
  ...base,
  { key: 'scheduled', label: 'Scheduled', kind: 'count' },
  { key: 'rescheduled', label: 'Rescheduled', kind: 'count' },
  { key: 'cancelled', label: 'Cancelled', kind: 'count' },
];
export const interviewScheduled = defineReport({
  name: 'interview-scheduled',
  definition: ['Interviews booked (by a recruiter or by the candidate through a self-scheduling link), rescheduled and cancelled, per interviewer, per job and per week.', ...Common],
  async compute(ctx): Promise<ReportBody> {
    const counters = ['scheduled', 'rescheduled', 'cancelled'];
    const b = await breakdown(ctx, counters);
    if (!sumOf(b.total, counters)) return emptyBody(`No interview was scheduled, rescheduled or cancelled ${rangeWords(ctx)}${filtered(ctx)}. Try a wider date range or fewer filters.`, scheduledCols);
    const cells: Cells = (s) => ({ scheduled: n(s, 'scheduled'), rescheduled: n(s, 'rescheduled'), cancelled: n(s, 'cancelled') });
    const data = weekData(ctx, b, cells as (s: Sums) => Record<string, number>);
    const t = b.total;
    return {
      headline: [
        { label: 'Interviews scheduled', value: n(t, 'scheduled'), kind: 'count' },
        { label: 'Rescheduled', value: n(t, 'rescheduled'), kind: 'count' },
        { label: 'Cancelled', value: n(t, 'cancelled'), kind: 'count' },
        { label: 'Interviewers booked', value: [...b.byPerson.values()].filter((s) => n(s, 'scheduled') > 0).length, kind: 'count' },
      ],
      chart: {
        kind: 'line', indexKey: 'week', unit: 'count', reference: null, data,
        series: [{ key: 'scheduled', label: 'Scheduled' }, { key: 'rescheduled', label: 'Rescheduled' }, { key: 'cancelled', label: 'Cancelled' }],
        summary: `${n(t, 'scheduled')} interviews were scheduled ${rangeWords(ctx)}, ${n(t, 'rescheduled')} rescheduled and ${n(t, 'cancelled')} cancelled, over ${data.length} weeks.${busiest(data, 'scheduled')}`,
      },
      columns: scheduledCols,
      rows: await groupRows(ctx, b, cells, (s) => sumOf(s, counters)),
      totals: totalsRow(b, cells),
      empty: null,
    };
  },
});

// interview-completed ---------------------------------------------------------------------------

const completedCols: TReportColumn[] = [
  ...base,
  { key: 'completed', label: 'Completed', kind: 'count' },
  { key: 'didNotHappen', label: 'Did not happen', kind: 'count' },
  { key: 'incident', label: 'Incidents', kind: 'count' },
  { key: 'completionRate', label: 'Completed of marked', kind: 'percent' },
];
export const interviewCompleted = defineReport({
  name: 'interview-completed',
  definition: [
    'Interviews marked as completed (they took place), per interviewer, per job and per week; beside them those marked as did not happen and those with an incident.',
    'Completed of marked: completed / (completed + did not happen + incidents), of the outcomes marked in the range.',
    ...Common,
  ],
  async compute(ctx): Promise<ReportBody> {
    const counters = ['completed', 'incident', ...DidNotHappenCounters];
    const b = await breakdown(ctx, counters);
    const cells: Cells = (s) => {
      const dnh = sumOf(s, DidNotHappenCounters);
      return { completed: n(s, 'completed'), didNotHappen: dnh, incident: n(s, 'incident'), completionRate: percent(n(s, 'completed'), n(s, 'completed') + dnh + n(s, 'incident')) };
    };
    if (!sumOf(b.total, counters)) return emptyBody(`No interview outcome was marked ${rangeWords(ctx)}${filtered(ctx)}. Outcomes are counted on the day they are marked; try a wider date range.`, completedCols);
    const data = weekData(ctx, b, (s) => ({ completed: n(s, 'completed'), didNotHappen: sumOf(s, DidNotHappenCounters) }));
    const t = cells(b.total);
    return {
      headline: [
        { label: 'Interviews completed', value: t.completed!, kind: 'count' },
        { label: 'Did not happen', value: t.didNotHappen!, kind: 'count' },
        { label: 'Completed of marked', value: t.completionRate!, kind: 'percent' },
      ],
      chart: {
        kind: 'bar', indexKey: 'week', unit: 'count', reference: null, data,
        series: [{ key: 'completed', label: 'Completed' }, { key: 'didNotHappen', label: 'Did not happen' }],
        summary: `${String(t.completed)} interviews were marked completed ${rangeWords(ctx)} and ${String(t.didNotHappen)} as did not happen${t.completionRate === null ? '' : `: ${String(t.completionRate)}% of the marked outcomes were completed`}.${busiest(data, 'completed')}`,
      },
      columns: completedCols,
      rows: await groupRows(ctx, b, cells, (s) => sumOf(s, counters)),
      totals: totalsRow(b, cells),
      empty: null,
    };
  },
});

// interview-didnothappen ------------------------------------------------------------------------

const reasonCols: TReportColumn[] = DidNotHappenReasons.map((r) => ({ key: reasonKey(r), label: r, kind: 'count' }));
const dnhCols: TReportColumn[] = [...base, ...reasonCols, { key: 'total', label: 'Did not happen', kind: 'count' }, { key: 'share', label: 'Of marked', kind: 'percent' }];
export const interviewDidNotHappen = defineReport({
  name: 'interview-didnothappen',
  definition: [
    'Interviews marked as did not happen, by the reason chosen when marking them (a cancelled interview is not counted here: see interviews scheduled).',
    'Of marked: did not happen / (completed + did not happen + incidents), of the outcomes marked in the range.',
    ...Common,
  ],
  async compute(ctx): Promise<ReportBody> {
    const counters = ['completed', 'incident', ...DidNotHappenCounters];
    const b = await breakdown(ctx, counters);
    const cells: Cells = (s) => {
      const total = sumOf(s, DidNotHappenCounters);
      return { ...Object.fromEntries(DidNotHappenReasons.map((r) => [reasonKey(r), n(s, `didNotHappen.${reasonKey(r)}`)])), total, share: percent(total, total + n(s, 'completed') + n(s, 'incident')) };
    };
    const t = cells(b.total);
    if (!t.total) return emptyBody(`No interview was marked as did not happen ${rangeWords(ctx)}${filtered(ctx)}.`, dnhCols, { kind: 'stacked-bar' });
    const data = weekData(ctx, b, (s) => Object.fromEntries(DidNotHappenReasons.map((r) => [reasonKey(r), n(s, `didNotHappen.${reasonKey(r)}`)])));
    const top = DidNotHappenReasons.map((r) => ({ r, v: t[reasonKey(r)] as number })).sort((a, z) => z.v - a.v)[0]!;
    return {
      headline: [
        { label: 'Did not happen', value: t.total, kind: 'count' },
        { label: 'Of marked outcomes', value: t.share!, kind: 'percent' },
        { label: 'Most common reason', value: `${top.r} (${top.v})`, kind: 'text' },
      ],
      chart: {
        kind: 'stacked-bar', indexKey: 'week', unit: 'count', reference: null, data,
        series: DidNotHappenReasons.map((r) => ({ key: reasonKey(r), label: r })),
        summary: `${String(t.total)} interviews did not happen ${rangeWords(ctx)}: ${DidNotHappenReasons.filter((r) => (t[reasonKey(r)] as number) > 0).map((r) => `${r}: ${String(t[reasonKey(r)])}`).join('; ')}.`,
      },
      columns: dnhCols,
      rows: await groupRows(ctx, b, cells, (s) => sumOf(s, DidNotHappenCounters)),
      totals: totalsRow(b, cells),
      empty: null,
    };
  },
});

// interview-incident ----------------------------------------------------------------------------

/** Up to this many incidents are listed one per row with their description; more are counted per interviewer and job. */
export const IncidentListMax = 50;
const incidentListCols: TReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'job', label: 'Job', kind: 'text' },
  { key: 'interviewer', label: 'Interviewers', kind: 'text' },
  { key: 'description', label: 'Description', kind: 'text' },
];
const incidentCountCols: TReportColumn[] = [...base, { key: 'incident', label: 'Incidents', kind: 'count' }, { key: 'share', label: 'Of marked', kind: 'percent' }];
export const interviewIncident = defineReport({
  name: 'interview-incident',
  definition: [
    'Incidents reported on interviews (something went wrong that the company should know about), with the description given.',
    `Up to ${IncidentListMax} incidents are listed one per row (date, job, interviewers, description); more are counted per interviewer and per job.`,
    'Of marked: incidents / (completed + did not happen + incidents), of the outcomes marked in the range.',
    ...Common,
  ],
  async compute(ctx): Promise<ReportBody> {
    const counters = ['completed', 'incident', ...DidNotHappenCounters];
    const b = await breakdown(ctx, counters);
    const cells: Cells = (s) => ({ incident: n(s, 'incident'), share: percent(n(s, 'incident'), sumOf(s, counters)) });
    const total = n(b.total, 'incident');
    if (!total) return emptyBody(`No incident was reported on an interview ${rangeWords(ctx)}${filtered(ctx)}.`, incidentListCols);
    const data = weekData(ctx, b, (s) => ({ incident: n(s, 'incident') }));
    const body = {
      headline: [
        { label: 'Incidents', value: total, kind: 'count' as const },
        { label: 'Of marked outcomes', value: cells(b.total).share!, kind: 'percent' as const },
      ],
      chart: {
        kind: 'bar' as const, indexKey: 'week', unit: 'count' as const, reference: null, data,
        series: [{ key: 'incident', label: 'Incidents' }],
        summary: `${total} incident${total === 1 ? ' was' : 's were'} reported on interviews ${rangeWords(ctx)}.${busiest(data, 'incident')}`,
      },
      empty: null,
    };
    if (total > IncidentListMax) {
      return { ...body, columns: incidentCountCols, rows: await groupRows(ctx, b, cells, (s) => n(s, 'incident')), totals: totalsRow(b, cells) };
    }
    const events = await ctx.aggregate<{ at: Date; jobId: unknown; data: { interviewerIds?: unknown[]; description?: string; note?: string } | null }>(InterviewEvent, [
      { $match: { ...(ctx.jobIds ? { jobId: { $in: ctx.jobIds } } : {}), kind: 'incident', at: { $gte: ctx.range!.from, $lt: ctx.range!.until } } },
      { $sort: { at: 1, _id: 1 } },
      { $limit: IncidentListMax },
      { $project: { at: 1, jobId: 1, data: 1 } },
    ]);
    const [names, titles] = await Promise.all([
      userNames(ctx, [...new Set(events.flatMap((e) => (e.data?.interviewerIds ?? []).map(String)))]),
      jobInfo(ctx, [...new Set(events.map((e) => String(e.jobId)))]),
    ]);
    const rows = events.map((e) => ({
      date: e.at.toISOString().slice(0, 10),
      job: titles.get(String(e.jobId))?.title ?? '(deleted job)',
      interviewer: (e.data?.interviewerIds ?? []).map((id) => names.get(String(id)) ?? '(removed user)').join(', '),
      description: e.data?.description ?? e.data?.note ?? '',
    }));
    return { ...body, columns: incidentListCols, rows, totals: { date: 'Total', job: null, interviewer: null, description: `${total} incident${total === 1 ? '' : 's'}` } };
  },
});

// interview-evaluation --------------------------------------------------------------------------

const evaluationCols: TReportColumn[] = [
  ...base,
  ...Recommendations.map((r) => ({ key: r, label: RecommendationLabels[r], kind: 'count' as const })),
  { key: 'scorecards', label: 'Scorecards', kind: 'count' },
  { key: 'positive', label: 'Yes or strong yes', kind: 'percent' },
];
export const interviewEvaluation = defineReport({
  name: 'interview-evaluation',
  definition: [
    'The recommendations of submitted scorecards (strong no, no, yes, strong yes), per interviewer (the scorecard\'s author), per job and per week, counted on the day the scorecard was submitted.',
    'Yes or strong yes: the share of the scorecards that recommend hiring.',
    ...Common,
  ],
  async compute(ctx): Promise<ReportBody> {
    const counters = [...RecommendationCounters, 'scorecards'];
    const b = await breakdown(ctx, counters);
    const cells: Cells = (s) => ({
      ...Object.fromEntries(Recommendations.map((r) => [r, n(s, `recommendation.${r}`)])),
      scorecards: n(s, 'scorecards'),
      positive: percent(n(s, 'recommendation.yes') + n(s, 'recommendation.strong_yes'), n(s, 'scorecards')),
    });
    const t = cells(b.total);
    if (!t.scorecards) return emptyBody(`No scorecard was submitted ${rangeWords(ctx)}${filtered(ctx)}.`, evaluationCols, { kind: 'stacked-bar' });
    const data = weekData(ctx, b, (s) => Object.fromEntries(Recommendations.map((r) => [r, n(s, `recommendation.${r}`)])));
    return {
      headline: [
        { label: 'Scorecards submitted', value: t.scorecards, kind: 'count' },
        { label: 'Yes or strong yes', value: t.positive!, kind: 'percent' },
        { label: 'Strong yes', value: t.strong_yes!, kind: 'count' },
      ],
      chart: {
        kind: 'stacked-bar', indexKey: 'week', unit: 'count', reference: null, data,
        series: Recommendations.map((r) => ({ key: r, label: RecommendationLabels[r] })),
        summary: `${String(t.scorecards)} scorecards were submitted ${rangeWords(ctx)}: ${Recommendations.map((r) => `${RecommendationLabels[r]} ${String(t[r])}`).join(', ')}${t.positive === null ? '' : ` (${String(t.positive)}% yes or strong yes)`}.`,
      },
      columns: evaluationCols,
      rows: await groupRows(ctx, b, cells, (s) => n(s, 'scorecards')),
      totals: totalsRow(b, cells),
      empty: null,
    };
  },
});

// hiring-team -----------------------------------------------------------------------------------

const FbBins = HourBinEdges.map((_, i) => `fb.b${i}`);
const medianHours = (s: Sums) => histogramPercentile(FbBins.map((c) => n(s, c)), 50, HourBinEdges);
const teamCols: TReportColumn[] = [
  { key: 'group', label: 'Group', kind: 'text' },
  { key: 'name', label: 'Hiring manager or interviewer', kind: 'text' },
  { key: 'completed', label: 'Interviews done', kind: 'count' },
  { key: 'scorecards', label: 'Scorecards', kind: 'count' },
  { key: 'medianHours', label: 'Median hours to scorecard', kind: 'hours' },
  { key: 'meanHours', label: 'Mean hours to scorecard', kind: 'hours' },
];
const teamCells: Cells = (s) => ({
  completed: n(s, 'completed'),
  scorecards: n(s, 'scorecards'),
  medianHours: medianHours(s),
  meanHours: n(s, 'scorecards') ? round1(n(s, 'fbHours') / n(s, 'scorecards')) : null,
});
export const hiringTeam = defineReport({
  name: 'hiring-team',
  definition: [
    'Per hiring manager (of the jobs they are hiring manager of) and per interviewer: interviews done (marked completed in the range) and scorecards submitted in the range.',
    'Scorecard turnaround: hours from the end of the interview to the submission of the scorecard. The median is read from whole-hour bins up to 48 hours (exact to the hour), then wider bins (60, 72, 96, 120, 168 hours and more) interpolated within the bin; the mean uses the exact times.',
    'A hiring manager\'s figures are those of the interviews of the jobs they are hiring manager of now (each interview once; a job that gets another manager takes its figures along); an interviewer\'s are those of the interviews they sat on and the scorecards they wrote.',
    ...Common.slice(0, 1),
  ],
  async compute(ctx): Promise<ReportBody> {
    const counters = ['completed', ...TurnaroundCounters];
    const [byPerson, byManager] = await Promise.all([
      interviewCounts(ctx, 'interviewer', counters),
      interviewCounts(ctx, 'manager', counters),
    ]);
    // Every interview has one job and so one manager key: the totals are the sums of the managers'.
    const total = totalOf(byManager);
    if (!n(total, 'completed') && !n(total, 'scorecards')) {
      return emptyBody(`No interview was marked completed and no scorecard was submitted ${rangeWords(ctx)}${filtered(ctx)}.`, teamCols, { kind: 'bar' });
    }
    const names = await userNames(ctx, [...new Set([...byPerson.keys(), ...byManager.keys()])]);
    const order = (a: { s: Sums; name: string }, z: { s: Sums; name: string }) => n(z.s, 'completed') - n(a.s, 'completed') || n(z.s, 'scorecards') - n(a.s, 'scorecards') || a.name.localeCompare(z.name);
    const managers = [...byManager].map(([k, s]) => ({ s, name: k !== NoManagerKey ? (names.get(k) ?? '(removed user)') : '(no hiring manager)' })).sort(order);
    const people = [...byPerson].map(([k, s]) => ({ s, name: names.get(k) ?? '(removed user)' })).filter((p) => n(p.s, 'completed') || n(p.s, 'scorecards')).sort(order);
    const rows = [
      ...managers.map((m) => ({ group: 'Hiring manager', name: m.name, ...teamCells(m.s) })),
      ...people.map((p) => ({ group: 'Interviewer', name: p.name, ...teamCells(p.s) })),
    ];
    const t = teamCells(total);
    const chartRows = people.filter((p) => n(p.s, 'scorecards') > 0).slice(0, 20);
    return {
      headline: [
        { label: 'Interviews done', value: t.completed!, kind: 'count' },
        { label: 'Scorecards submitted', value: t.scorecards!, kind: 'count' },
        { label: 'Median hours to scorecard', value: t.medianHours!, kind: 'hours' },
      ],
      chart: {
        kind: 'bar', indexKey: 'name', unit: 'hours', reference: null,
        data: chartRows.map((p) => ({ name: p.name, medianHours: medianHours(p.s) })),
        series: [{ key: 'medianHours', label: 'Median hours to scorecard' }],
        summary: `${String(t.completed)} interviews were done and ${String(t.scorecards)} scorecards submitted ${rangeWords(ctx)}${t.medianHours === null ? '' : `, a median of ${String(t.medianHours)} hours after the interview ended`}. The chart shows the median turnaround of the ${chartRows.length} interviewers with the most interviews.`,
      },
      columns: teamCols,
      rows,
      totals: { group: 'Total', name: 'All interviews', ...t },
      empty: null,
    };
  },
});
