import { Types, type ClientSession } from 'mongoose';
import { DidNotHappenReasons, Recommendations, type TInterviewEventKind, type TRecommendation } from '@hireflow/contracts/interviews';
import { Interview } from '../../interviews/interview.model';
import { InterviewEvent } from '../../interviews/interview-event.model';
import { hourBinCounters, hourBinOfMs } from '../tallies/histogram';
import { Job } from '../../jobs/job.model';
import { ReportTally } from '../tallies/report-tally.model';
import { bumpCollector, bumpTallies, leafCounters, registerTallyRebuilder, type TallyBump } from '../tallies/tallies';

/**
 * The interview counters of the tallies, derived from interview events by one pure function used both when
 * an event is written (recordInterviewChanges, in the same transaction) and when the tallies are rebuilt.
 *
 * Dimensions (all with the same counters):
 *   iv    key: interviewer id  day    each interviewer of the panel counts the interview (a scorecard: its author)
 *   ivjob key: job id          day    the interview counts once for its job
 *   ivhm  key: manager id      day    the interview counts once for its job's hiring manager now ("none": none), so
 *                                     hiring-team sums a few managers, not every job; a new manager takes the job's figures
 *   ivday key: "all"           day    the interview counts once for the company (weekly charts, exact totals)
 * Counters, on the day of the event:
 *   scheduled, rescheduled, cancelled          the day it was booked, moved, called off
 *   completed, incident, didNotHappen.<reason> the day the outcome was marked (not the day of the interview)
 *   scorecards, recommendation.<value>         the day a scorecard was submitted
 *   fbHours, fb.b<i>                           hours from the interview's end to that submission (sum, and HourBinEdges bins)
 */
export const InterviewStatusCounters = ['scheduled', 'rescheduled', 'cancelled', 'completed', 'incident'] as const;

/** The counter key of a did-not-happen reason ("Candidate did not show up" -> candidate_did_not_show_up). */
export const reasonKey = (reason: string) => {
  const known = (DidNotHappenReasons as readonly string[]).includes(reason) ? reason : 'Other';
  return known.toLowerCase().replace(/[^a-z0-9]+/g, '_');
};
export const DidNotHappenCounters = DidNotHappenReasons.map((r) => `didNotHappen.${reasonKey(r)}`);
export const RecommendationCounters = Recommendations.map((r) => `recommendation.${r}`);
export const TurnaroundCounters = ['scorecards', 'fbHours', ...hourBinCounters('fb')];
export const AllInterviewCounters = [...InterviewStatusCounters, ...DidNotHappenCounters, ...RecommendationCounters, ...TurnaroundCounters];

export const CompanyKey = 'all';
/** The ivhm key of jobs without a hiring manager. */
export const NoManagerKey = 'none';
const HourMs = 3_600_000;

export type InterviewTallyEvent = {
  customerId: Types.ObjectId;
  jobId: Types.ObjectId;
  /** The job's hiring manager now. */
  hiringManagerId: Types.ObjectId | null;
  kind: TInterviewEventKind;
  at: Date;
  by: Types.ObjectId | null;
  /** The panel after the change. */
  interviewerIds: readonly Types.ObjectId[];
  /** did_not_happen: the reason. */
  reason: string;
  /** feedback_submitted: the recommendation and the interview's end. */
  recommendation: string | null;
  end: Date | null;
};

/** The counters one interview event adds. */
export function interviewEventBumps(e: InterviewTallyEvent): TallyBump[] {
  const inc: Record<string, number> = {};
  let people: string[];
  if (e.kind === 'feedback_submitted') {
    if (!e.by) return [];
    people = [String(e.by)];
    inc.scorecards = 1;
    if (e.recommendation && (Recommendations as readonly string[]).includes(e.recommendation)) inc[`recommendation.${e.recommendation as TRecommendation}`] = 1;
    const ms = Math.max(0, e.at.getTime() - (e.end ?? e.at).getTime());
    inc.fbHours = ms / HourMs;
    inc[`fb.b${hourBinOfMs(ms)}`] = 1;
  } else {
    people = [...new Set(e.interviewerIds.map(String))];
    if (e.kind === 'did_not_happen') inc[`didNotHappen.${reasonKey(e.reason)}`] = 1;
    else inc[e.kind] = 1;
  }
  const base = { customerId: e.customerId, at: e.at };
  return [
    ...people.map((key): TallyBump => ({ ...base, dim: 'iv', key, inc })),
    { ...base, dim: 'ivjob', key: String(e.jobId), inc },
    { ...base, dim: 'ivday', key: CompanyKey, inc },
    { ...base, dim: 'ivhm', key: e.hiringManagerId ? String(e.hiringManagerId) : NoManagerKey, inc },
  ];
}

type RawEvent = { _id: Types.ObjectId; jobId: Types.ObjectId; interviewId: Types.ObjectId; kind: TInterviewEventKind; at: Date; by?: Types.ObjectId | null; data?: Record<string, unknown> | null };

/** What an event document says, for the tallies (older events keep the reason under `reason`, newer under `note`). */
export function tallyEventOf(customerId: Types.ObjectId, ev: RawEvent, end: Date | null, hiringManagerId: Types.ObjectId | null): InterviewTallyEvent {
  const data = ev.data ?? {};
  return {
    customerId,
    jobId: ev.jobId,
    hiringManagerId,
    kind: ev.kind,
    at: ev.at,
    by: ev.by ?? null,
    interviewerIds: ((data.interviewerIds as Types.ObjectId[] | undefined) ?? []).map((id) => new Types.ObjectId(String(id))),
    reason: String(data.reason ?? data.note ?? ''),
    recommendation: (data.recommendation as string | undefined) ?? null,
    end: data.end ? new Date(data.end as Date) : end,
  };
}

/** Rebuild: every interview event of the company, a batch at a time (an interview's end read when the event lacks it). */
async function rebuildInterviewTallies(customerId: Types.ObjectId): Promise<TallyBump[]> {
  const { add, bumps: collected } = bumpCollector();
  const managers = await hiringManagersOf(customerId);
  const Batch = 5_000;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const events: RawEvent[] = await InterviewEvent.find({ customerId, ...(after ? { _id: { $gt: after } } : {}) }).sort({ _id: 1 }).limit(Batch).lean();
    if (!events.length) break;
    after = events[events.length - 1]!._id;
    const missing = events.filter((e) => e.kind === 'feedback_submitted' && !(e.data as { end?: unknown } | null)?.end).map((e) => e.interviewId);
    const ends = new Map<string, Date>();
    if (missing.length) for (const i of await Interview.find({ customerId, _id: { $in: missing } }, { end: 1 }).lean()) ends.set(String(i._id), i.end);
    for (const ev of events) for (const b of interviewEventBumps(tallyEventOf(customerId, ev, ends.get(String(ev.interviewId)) ?? null, managers.get(String(ev.jobId)) ?? null))) add(b);
  }
  return collected();
}

registerTallyRebuilder({ dims: ['iv', 'ivjob', 'ivday', 'ivhm'], rebuild: rebuildInterviewTallies });

/** The hiring manager of each job of a company (all of them, or the ones named), by job id. */
export async function hiringManagersOf(customerId: Types.ObjectId, jobIds?: Types.ObjectId[], session?: ClientSession) {
  const jobs = await Job.find({ customerId, ...(jobIds ? { _id: { $in: jobIds } } : {}) }, { hiringManagerId: 1 }, { session }).lean();
  return new Map(jobs.map((j) => [String(j._id), j.hiringManagerId ?? null]));
}

/**
 * A job's hiring manager changed: its interview figures (its ivjob days) move from the former manager's ivhm
 * counters to the new one's, in the caller's transaction, as a rebuild would now count them.
 */
export async function moveInterviewTalliesToManager(customerId: Types.ObjectId, jobId: Types.ObjectId, from: Types.ObjectId | null, to: Types.ObjectId | null, session: ClientSession) {
  if (String(from ?? '') === String(to ?? '')) return;
  const days = await ReportTally.find({ customerId, dim: 'ivjob', key: String(jobId) }, { day: 1, n: 1 }, { session }).lean();
  const keyOf = (m: Types.ObjectId | null) => (m ? String(m) : NoManagerKey);
  const bumps = days.flatMap((d): TallyBump[] => {
    const inc = leafCounters(d.n as Record<string, unknown>);
    return [
      { customerId, dim: 'ivhm', key: keyOf(from), at: d.day, inc: Object.fromEntries(Object.entries(inc).map(([k, v]) => [k, -v])) },
      { customerId, dim: 'ivhm', key: keyOf(to), at: d.day, inc },
    ];
  });
  await bumpTallies(bumps, session);
}
