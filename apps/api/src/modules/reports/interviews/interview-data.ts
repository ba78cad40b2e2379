import { Types, type PipelineStage } from 'mongoose';
import { InterviewEvent } from '../../interviews/interview-event.model';
import { Job } from '../../jobs/job.model';
import { User } from '../../users/user.model';
import type { ReportContext } from '../report-kit';
import { HourBinEdges } from '../tallies/histogram';
import { NoManagerKey, reasonKey } from './interview-tallies';

/**
 * The interview counters of a report, grouped per interviewer, job, hiring manager, week or not at all. Two
 * ways that give the same numbers: without organisation filters from the maintained tallies (iv per
 * interviewer, ivjob per job, ivhm per hiring manager, ivday per week and in all); with them, from the raw interview events of the selected jobs (index
 * customerId+jobId+at). Both count the same event on the same day and bin turnarounds alike.
 */
export type Grouping = 'interviewer' | 'job' | 'manager' | 'week' | 'none';
export type Counts = Map<string, Record<string, number>>;

const HourMs = 3_600_000;
/** Up to this many jobs are matched through the customerId+jobId+at index; more after grouping. */
const FewJobs = 20;
const StatusKinds = ['scheduled', 'rescheduled', 'cancelled', 'completed', 'did_not_happen', 'incident'];

const keyOf = (g: Exclude<Grouping, 'manager'>, person: string): unknown =>
  g === 'interviewer' ? person
  : g === 'job' ? '$jobId'
  : g === 'week' ? { $dateToString: { date: { $dateTrunc: { date: '$at', unit: 'week', startOfWeek: 'monday' } }, format: '%Y-%m-%d' } }
  : null;

function add(out: Counts, key: string, counter: string, n: number) {
  const row = out.get(key) ?? {};
  row[counter] = (row[counter] ?? 0) + n;
  out.set(key, row);
}

/** Counters of the raw events of the given jobs over the report's range. */
async function rawCounts(ctx: ReportContext, g: Exclude<Grouping, 'manager'>, jobIds: Types.ObjectId[], wanted: Set<string>): Promise<Counts> {
  const { from, until } = ctx.range!;
  const out: Counts = new Map();
  // The first $match picks the index: the date range (customerId+at), or for a few jobs those jobs (customerId+jobId+at).
  // Many jobs are kept after grouping by job, so the membership test runs per group rather than per event.
  const manyJobs = jobIds.length > FewJobs;
  const first: PipelineStage = { $match: { ...(!manyJobs ? { jobId: { $in: jobIds } } : {}), at: { $gte: from, $lt: until } } };
  const kinds = (k: string[]): PipelineStage => ({ $match: { kind: k.length === 1 ? k[0] : { $in: k } } });
  const grouped = (id: Record<string, unknown>, acc: Record<string, unknown>): PipelineStage[] =>
    manyJobs
      ? [
        { $group: { _id: { ...id, j: '$jobId' }, ...acc } } as PipelineStage,
        { $match: { '_id.j': { $in: jobIds } } },
        { $group: { _id: Object.fromEntries(Object.keys(id).map((k) => [k, `$_id.${k}`])), ...Object.fromEntries(Object.keys(acc).map((k) => [k, { $sum: `$${k}` }])) } } as PipelineStage,
      ]
      : [{ $group: { _id: id, ...acc } } as PipelineStage];
  const scorecards = (withEnd: boolean): PipelineStage[] => [first, kinds(['feedback_submitted']), { $match: { by: { $ne: null }, 'data.end': withEnd ? { $ne: null } : null } }];
  const scorecardRows = (withEnd: boolean) =>
    ctx.aggregate<{ _id: { k: unknown; rec: string | null; bin: number }; n: number; ms: number }>(InterviewEvent, [
      ...scorecards(withEnd),
      ...(withEnd ? [] : [{ $lookup: { from: 'interviews', localField: 'interviewId', foreignField: '_id', as: 'iv' } } as PipelineStage]),
      { $set: { ms: { $max: [0, { $subtract: ['$at', { $ifNull: ['$data.end', { $ifNull: [{ $arrayElemAt: ['$iv.end', 0] }, '$at'] }] }] }] } } },
      { $set: { bin: { $subtract: [{ $size: { $filter: { input: HourBinEdges.map((h) => h * HourMs), as: 'e', cond: { $lte: ['$$e', '$ms'] } } } }, 1] } } },
      ...grouped({ k: keyOf(g, '$by'), rec: '$data.recommendation', bin: '$bin' }, { n: { $sum: 1 }, ms: { $sum: '$ms' } }),
    ]);
  const wantsStatus = [...wanted].some((c) => !c.startsWith('recommendation.') && !c.startsWith('fb') && c !== 'scorecards');
  const wantsCards = [...wanted].some((c) => c.startsWith('recommendation.') || c.startsWith('fb') || c === 'scorecards');
  const [statusRows, cardRows] = await Promise.all([
    wantsStatus
      ? ctx.aggregate<{ _id: { k: unknown; kind: string; reason: string | null }; n: number }>(InterviewEvent, [
        first,
        kinds(StatusKinds),
        ...(g === 'interviewer' ? [{ $unwind: '$data.interviewerIds' } as PipelineStage] : []),
        ...grouped({ k: keyOf(g, '$data.interviewerIds'), kind: '$kind', reason: { $cond: [{ $eq: ['$kind', 'did_not_happen'] }, { $ifNull: ['$data.reason', { $ifNull: ['$data.note', ''] }] }, null] } }, { n: { $sum: 1 } }),
      ])
      : [],
    wantsCards ? scorecardRows(true) : Promise.resolve([] as Awaited<ReturnType<typeof scorecardRows>>),
  ]);
  // Events written before they carried the interview's end are joined with the interview (a $lookup reads
  // the whole interviews collection on the embedded database): only when there are any.
  if (wantsCards && (await ctx.aggregate(InterviewEvent, [...scorecards(false), { $limit: 1 }])).length) cardRows.push(...(await scorecardRows(false)));
  for (const r of statusRows) {
    const key = r._id.k == null ? '' : String(r._id.k);
    add(out, key, r._id.kind === 'did_not_happen' ? `didNotHappen.${reasonKey(r._id.reason ?? '')}` : r._id.kind, r.n);
  }
  for (const r of cardRows) {
    const key = r._id.k == null ? '' : String(r._id.k);
    add(out, key, 'scorecards', r.n);
    if (r._id.rec) add(out, key, `recommendation.${r._id.rec}`, r.n);
    add(out, key, 'fbHours', r.ms / HourMs);
    add(out, key, `fb.b${r._id.bin}`, r.n);
  }
  for (const row of out.values()) for (const c of Object.keys(row)) if (!wanted.has(c)) delete row[c];
  return out;
}

/** The counters grouped as asked, over the report's range (see the header for the two ways). */
export async function interviewCounts(ctx: ReportContext, g: Grouping, counters: readonly string[]): Promise<Counts> {
  if (ctx.jobIds) {
    if (!ctx.jobIds.length) return new Map();
    if (g === 'manager') return perManager(ctx, await rawCounts(ctx, 'job', ctx.jobIds, new Set(counters)));
    return rawCounts(ctx, g, ctx.jobIds, new Set(counters));
  }
  const fromTallies = (sums: { id: string; sums: Record<string, number> }[]) => {
    const out: Counts = new Map();
    for (const s of sums) for (const [c, n] of Object.entries(s.sums)) if (n) add(out, s.id, c, n);
    return out;
  };
  const dim = g === 'interviewer' ? 'iv' : g === 'job' ? 'ivjob' : g === 'manager' ? 'ivhm' : 'ivday';
  return fromTallies(await ctx.tallies({ dim, counters, groupBy: g === 'none' ? 'none' : g === 'week' ? 'week' : 'key' }));
}

/** Per-job counters summed per hiring manager of the job now (NoManagerKey for jobs without one), as ivhm keeps them. */
async function perManager(ctx: ReportContext, byJob: Counts): Promise<Counts> {
  const jobs = await jobInfo(ctx, [...byJob.keys()]);
  const out: Counts = new Map();
  for (const [jobId, sums] of byJob) for (const [c, n] of Object.entries(sums)) add(out, jobs.get(jobId)?.hiringManagerId ?? NoManagerKey, c, n);
  return out;
}

/** Display names of users ("First Last"), by id. */
export async function userNames(ctx: ReportContext, ids: string[]): Promise<Map<string, string>> {
  const valid = ids.filter((id) => /^[0-9a-f]{24}$/i.test(id));
  if (!valid.length) return new Map();
  const rows = await ctx.aggregate<{ _id: Types.ObjectId; firstName: string; lastName: string }>(User, [
    { $match: { _id: { $in: valid.map((id) => new Types.ObjectId(id)) } } },
    { $project: { firstName: 1, lastName: 1 } },
  ]);
  return new Map(rows.map((u) => [String(u._id), `${u.firstName} ${u.lastName ?? ''}`.trim()]));
}

/** Titles and hiring managers of jobs, by id. */
export async function jobInfo(ctx: ReportContext, ids: string[]): Promise<Map<string, { title: string; hiringManagerId: string | null }>> {
  const valid = ids.filter((id) => /^[0-9a-f]{24}$/i.test(id));
  if (!valid.length) return new Map();
  const rows = await ctx.aggregate<{ _id: Types.ObjectId; title: string; hiringManagerId: Types.ObjectId | null }>(Job, [
    { $match: { _id: { $in: valid.map((id) => new Types.ObjectId(id)) } } },
    { $project: { title: 1, hiringManagerId: 1 } },
  ]);
  return new Map(rows.map((j) => [String(j._id), { title: j.title, hiringManagerId: j.hiringManagerId ? String(j.hiringManagerId) : null }]));
}

/** The Mondays (YYYY-MM-DD) of the weeks the range touches, for charts that show every week. */
export function weeksOf(ctx: ReportContext): string[] {
  const range = ctx.range!;
  const DayMs = 86_400_000;
  const first = new Date(range.from.getTime() - ((range.from.getUTCDay() + 6) % 7) * DayMs);
  const out: string[] = [];
  for (let t = first.getTime(); t < range.until.getTime(); t += 7 * DayMs) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
