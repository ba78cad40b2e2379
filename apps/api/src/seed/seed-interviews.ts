import { Types } from 'mongoose';
import { DateTime } from 'luxon';
import { DidNotHappenReasons, type TInterviewEventKind, type TInterviewMode, type TInterviewStatus, type TRecommendation } from '@hireflow/contracts/interviews';
import { RecommendationLabels } from '@hireflow/contracts/interviews';
import type { TCandidateActivityKind } from '@hireflow/contracts/candidates';
import { isKnownTimeZone } from '@hireflow/contracts/common';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Application } from '../modules/candidates/applications/application.model';
import { CandidateActivity } from '../modules/candidates/candidate-activity.model';
import { Interview } from '../modules/interviews/interview.model';
import { InterviewEvent } from '../modules/interviews/interview-event.model';
import { Scorecard } from '../modules/interviews/feedback/scorecard.model';
import { InterviewPlan } from '../modules/interviews/plans/interview-plan.model';
import { InterviewAttribute } from '../modules/interviews/plans/interview-attribute.model';
import { MeetingRoom } from '../modules/interviews/rooms/meeting-room.model';
import { rng, weighted } from './seed-random';

const Hour = 3_600_000;
const Day = 24 * Hour;
/** Applications per job that get interviews (the busy job has hundreds in its interview stage). */
const PerJob = 6;

type Round = { id: Types.ObjectId | null; name: string; durationMinutes: number; interviewerIds: Types.ObjectId[]; attributes: { id: Types.ObjectId; name: string }[] };
type Person = { _id: Types.ObjectId; email: string; timezone: string };
type Doc = Record<string, unknown> & { _id: Types.ObjectId };

// Without a plan or attribute library (the plans helper's data), rounds and focus attributes by these names.
const FallbackRounds: [string, number, string[]][] = [
  ['Phone screen', 30, ['Communication', 'Motivation']],
  ['Technical interview', 60, ['Problem solving', 'Role knowledge']],
  ['Onsite', 90, ['Problem solving', 'Collaboration', 'Communication']],
  ['Culture conversation', 45, ['Collaboration', 'Motivation']],
];
const Notes: Record<TRecommendation, string[]> = {
  strong_yes: ['Outstanding. Clear thinking, great examples, raised the bar for the team.', 'One of the best conversations this quarter; I would hire tomorrow.'],
  yes: ['Solid across the board; a few gaps we can coach.', 'Good answers, structured approach, pleasant to work with.'],
  no: ['Struggled with the core questions; not enough depth for the level.', 'Friendly, but the examples stayed vague.'],
  strong_no: ['Could not explain their own project; serious concerns.', 'Dismissive towards the panel; not a fit.'],
};
const Incidents = ['Video call dropped twice; we finished on the phone.', 'The candidate arrived 40 minutes late after a train strike; round shortened.'];

/**
 * Demo interviews of Acme and Globex: past rounds of applications in the interview, offer and hired stages
 * (and a few rejected ones), completed with the panel's scorecards, some not happened and one incident; a few
 * scorecards still owed by the demo hiring manager and employee; upcoming interviews this week, including today
 * and tomorrow for the demo recruiter's, hiring manager's and employee's dashboards. Every interview carries its
 * event history (scheduled, completed, feedback submitted...) and timeline entries. Uses the interview plans,
 * attribute library and meeting rooms when they exist. Bulk writes only; run after the candidates are seeded.
 */
export async function seedInterviews({ now = new Date() }: { now?: Date } = {}) {
  for (const [slug, seed] of [['acme', 31], ['globex', 37]] as const) {
    const customer = await Customer.findOne({ slug }, { _id: 1 }).lean();
    if (!customer || (await Interview.exists({ customerId: customer._id }))) continue;
    await seedCompanyInterviews(customer._id, rng(seed), now);
  }
}

async function seedCompanyInterviews(customerId: Types.ObjectId, random: () => number, now: Date) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const [jobs, users, plans, library, rooms] = await Promise.all([
    Job.find({ customerId, status: { $in: ['open', 'filled', 'closed', 'on_hold'] } }, { title: 1, status: 1, recruiterIds: 1, hiringManagerId: 1, interviewerIds: 1, memberIds: 1 }).sort({ createdAt: 1 }).lean(),
    User.find({ customerId, status: 'active' }, { email: 1, timezone: 1 }).lean(),
    InterviewPlan.find({ customerId }).lean(),
    InterviewAttribute.find({ customerId, active: true }, { name: 1 }).lean(),
    MeetingRoom.find({ customerId, active: true }, { _id: 1 }).lean(),
  ]);
  if (!jobs.length) return;
  const people = new Map<string, Person>(users.map((u) => [String(u._id), { _id: u._id, email: u.email, timezone: u.timezone && isKnownTimeZone(u.timezone) ? u.timezone : 'UTC' }]));
  const byEmail = (prefix: string) => users.find((u) => u.email.startsWith(prefix))?._id ?? null;
  const demo = { recruiter: byEmail('recruiter@'), hm: byEmail('hm@'), employee: byEmail('employee@') };
  const attributeByName = new Map(library.map((a) => [a.name.toLowerCase(), a]));
  const fallbackAttribute = (name: string) => {
    const found = attributeByName.get(name.toLowerCase());
    return { id: found?._id ?? new Types.ObjectId(), name: found?.name ?? name };
  };
  const fallbackIds = new Map<string, Types.ObjectId>();
  const attrOf = (name: string) => {
    const a = fallbackAttribute(name);
    if (!attributeByName.has(name.toLowerCase())) a.id = fallbackIds.get(name) ?? fallbackIds.set(name, a.id).get(name)!;
    return a;
  };
  const libraryNames = new Map(library.map((a) => [String(a._id), a.name]));
  const defaultPlan = plans.find((p) => !p.jobId);
  const roundsOf = (job: (typeof jobs)[number]): Round[] => {
    const plan = plans.find((p) => p.jobId && p.jobId.equals(job._id)) ?? defaultPlan;
    if (plan?.rounds.length) {
      return plan.rounds.map((r) => ({
        id: r._id as Types.ObjectId,
        name: r.name,
        durationMinutes: r.durationMinutes,
        interviewerIds: r.interviewerIds,
        attributes: r.attributeIds.filter((id) => libraryNames.has(String(id))).map((id) => ({ id, name: libraryNames.get(String(id))! })),
      }));
    }
    return FallbackRounds.map(([name, durationMinutes, attrs]) => ({ id: null, name, durationMinutes, interviewerIds: [], attributes: attrs.map(attrOf) }));
  };

  const interviews: Doc[] = [];
  const events: Record<string, unknown>[] = [];
  const scorecards: Record<string, unknown>[] = [];
  const activities: Record<string, unknown>[] = [];
  let incidentLeft = 1;
  let sequence = 0;

  type App = { _id: Types.ObjectId; candidateId: Types.ObjectId; jobId: Types.ObjectId; stageKind: string; candidateName: string };
  const add = (
    job: (typeof jobs)[number], app: App, round: Round, start: Date, panel: Types.ObjectId[],
    { status, statusNote = '', owedBy = [], lean = 0 }: { status: TInterviewStatus; statusNote?: string; owedBy?: Types.ObjectId[]; lean?: number },
  ) => {
    const _id = new Types.ObjectId();
    const end = new Date(start.getTime() + round.durationMinutes * 60_000);
    const scheduler = job.recruiterIds[0] ?? demo.recruiter ?? panel[0]!;
    const mode: TInterviewMode = rooms.length && random() < 0.35 ? 'onsite' : random() < 0.15 ? 'phone' : 'video';
    const scheduledAt = new Date(Math.min(start.getTime() - (2 + Math.floor(random() * 6)) * Day, now.getTime() - Hour));
    const interview = {
      _id, customerId, applicationId: app._id, candidateId: app.candidateId, jobId: job._id, roundId: round.id, roundName: round.name, attributes: round.attributes,
      start, end, durationMinutes: round.durationMinutes, timeZone: people.get(String(scheduler))?.timezone ?? 'UTC', mode,
      roomId: mode === 'onsite' ? pick(rooms)._id : null,
      videoLink: mode === 'video' ? `https://meet.example.com/${_id.toHexString().slice(-10)}` : '',
      phone: mode === 'phone' ? '+49 30 1234 5678' : '',
      interviewerIds: panel, status, statusNote, uid: `${_id.toHexString()}-${++sequence}@hireflow.demo`, sequence: 0, scheduledBy: scheduler,
      remindersSent: [], createdAt: scheduledAt, updatedAt: scheduledAt,
    };
    interviews.push(interview);
    const base = { customerId, interviewId: _id, applicationId: app._id, jobId: job._id };
    const timeline = (kind: TCandidateActivityKind, at: Date, by: Types.ObjectId | null, summary: string, change: TInterviewEventKind) =>
      activities.push({ customerId, candidateId: app.candidateId, kind, at, by, applicationId: app._id, jobId: job._id, summary, data: { interviewId: String(_id), change } });
    const event = (kind: TInterviewEventKind, at: Date, by: Types.ObjectId | null, data: Record<string, unknown> = {}) =>
      events.push({ ...base, kind, at, by, data: { start, interviewerIds: panel, ...data } });
    const when = DateTime.fromJSDate(start, { zone: interview.timeZone }).toFormat('d LLL HH:mm');
    event('scheduled', scheduledAt, scheduler);
    timeline('interview_scheduled', scheduledAt, scheduler, `${round.name} scheduled for ${when}`, 'scheduled');
    if (status === 'scheduled') return;
    const markedAt = new Date(Math.min(end.getTime() + (1 + random() * 4) * Hour, now.getTime()));
    event(status as TInterviewEventKind, markedAt, scheduler, status === 'incident' ? { description: statusNote } : status === 'did_not_happen' ? { reason: statusNote } : {});
    timeline('interview_updated', markedAt, scheduler, `${round.name} ${status === 'completed' ? 'completed' : status === 'incident' ? `incident: ${statusNote}` : `did not happen: ${statusNote}`}`, status as TInterviewEventKind);
    if (status === 'did_not_happen') return;
    for (const interviewerId of panel) {
      if (owedBy.some((o) => o.equals(interviewerId))) continue;
      const submittedAt = new Date(Math.min(end.getTime() + (2 + random() * 40) * Hour, now.getTime() - Hour));
      // Each interviewer leans a little their own way, so calibration has something to show.
      const bias = (parseInt(interviewerId.toHexString().slice(-2), 16) % 5) / 10 - 0.2;
      const x = lean + bias + (random() - 0.5);
      const recommendation: TRecommendation = x > 0.75 ? 'strong_yes' : x > 0 ? 'yes' : x > -0.75 ? 'no' : 'strong_no';
      const good = recommendation.endsWith('yes');
      scorecards.push({
        ...base, candidateId: app.candidateId, interviewerId, status: 'submitted', submittedAt, recommendation,
        ratings: round.attributes.map((a) => ({
          attributeId: a.id, name: a.name,
          rating: random() < 0.1 ? null : Math.max(1, Math.min(4, (good ? 3 : 2) + weighted(random, [[-1, 0.2], [0, 0.6], [1, 0.2]]))),
          note: random() < 0.3 ? (good ? 'Clear, concrete examples.' : 'Needed a lot of prompting.') : '',
        })),
        notes: pick(Notes[recommendation]),
        privateNotes: random() < 0.2 ? 'Salary expectations may be above the band.' : '',
        createdAt: submittedAt, updatedAt: submittedAt,
      });
      event('feedback_submitted', submittedAt, interviewerId, { recommendation });
      timeline('feedback_submitted', submittedAt, interviewerId, `Scorecard for ${round.name}: ${RecommendationLabels[recommendation]}`, 'feedback_submitted');
    }
  };

  /** One to three of the round's (else the job's) interviewers and hiring manager, always with `must` when given. */
  const panelOf = (job: (typeof jobs)[number], round: Round, must: Types.ObjectId | null = null) => {
    const named = [...(round.interviewerIds.length ? round.interviewerIds : job.interviewerIds), ...(job.hiringManagerId ? [job.hiringManagerId] : [])];
    const pool = [...new Map((named.length ? named : job.recruiterIds).map((id) => [String(id), id])).values()];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    const chosen = new Map<string, Types.ObjectId>(must ? [[String(must), must]] : []);
    const size = chosen.size + 1 + Math.floor(random() * Math.min(3, pool.length));
    for (const p of pool) if (chosen.size < size) chosen.set(String(p), p);
    return [...chosen.values()];
  };
  // A working-hours time on a day relative to today, in a person's time zone.
  const localTime = (who: Types.ObjectId | null, days: number, hour: number, minute = 0) =>
    DateTime.fromJSDate(now, { zone: (who && people.get(String(who))?.timezone) || 'UTC' }).startOf('day').plus({ days }).set({ hour, minute }).toJSDate();
  // 12:00-16:30 UTC: within the demo's Berlin, New York and (mostly) Kolkata working hours.
  const pastStart = (daysAgo: number) => {
    const d = DateTime.fromJSDate(now, { zone: 'UTC' }).minus({ days: daysAgo }).set({ hour: 12 + Math.floor(random() * 5), minute: random() < 0.5 ? 0 : 30, second: 0, millisecond: 0 });
    return d.toJSDate();
  };

  const applications = await Application.find(
    { customerId, jobId: { $in: jobs.map((j) => j._id) }, stageKind: { $in: ['interview', 'offer', 'hired', 'rejected'] }, withdrawn: { $ne: true } },
    { candidateId: 1, jobId: 1, stageKind: 1, candidateName: 1, stageEnteredAt: 1 },
  )
    .sort({ stageEnteredAt: -1 })
    .lean();
  const upcomingFor: { job: (typeof jobs)[number]; app: App }[] = [];
  for (const job of jobs) {
    const rounds = roundsOf(job);
    if (!rounds.length) continue;
    const mine = applications.filter((a) => a.jobId.equals(job._id));
    const chosen = [
      ...mine.filter((a) => a.stageKind !== 'rejected').slice(0, PerJob),
      ...mine.filter((a) => a.stageKind === 'rejected').slice(0, 2),
    ];
    for (const app of chosen) {
      const done = app.stageKind === 'hired' ? rounds.length : app.stageKind === 'offer' ? Math.min(rounds.length, 3) : app.stageKind === 'rejected' ? 1 : 1 + Math.floor(random() * Math.min(2, rounds.length));
      const lean = app.stageKind === 'hired' || app.stageKind === 'offer' ? 0.6 : app.stageKind === 'rejected' ? -0.7 : 0.1;
      let daysAgo = 6 + Math.floor(random() * 30) + done * 3;
      for (let r = 0; r < done; r++) {
        const round = rounds[r]!;
        const status: TInterviewStatus = incidentLeft && job.status === 'open' && r === 0 ? (incidentLeft--, 'incident') : random() < 0.08 ? 'did_not_happen' : 'completed';
        const note = status === 'incident' ? pick(Incidents) : status === 'did_not_happen' ? pick(DidNotHappenReasons.filter((x) => x !== 'Other')) : '';
        add(job, app, round, pastStart(daysAgo), panelOf(job, round), { status, statusNote: note, lean });
        daysAgo = Math.max(2, daysAgo - 3 - Math.floor(random() * 5));
      }
      if (app.stageKind === 'interview' && job.status === 'open' && done < rounds.length) upcomingFor.push({ job, app });
    }
  }

  // Upcoming this week: the next round of applications in the interview stage.
  upcomingFor.forEach(({ job, app }, i) => {
    const round = roundsOf(job)[Math.min(1, roundsOf(job).length - 1)]!;
    const panel = panelOf(job, round);
    add(job, app, round, localTime(panel[0]!, 2 + (i % 5), 9 + (i % 7)), panel, { status: 'scheduled' });
  });

  // The demo people's dashboards: interviews today and tomorrow, and scorecards they still owe.
  const openJobs = jobs.filter((j) => j.status === 'open');
  const interviewApps = applications.filter((a) => a.stageKind === 'interview');
  const appOn = (jobsFor: typeof openJobs, k: number) => {
    const list = interviewApps.filter((a) => jobsFor.some((j) => j._id.equals(a.jobId)));
    return list.length ? list[k % list.length]! : null;
  };
  for (const [who, k] of [[demo.employee, 0], [demo.hm, 1], [demo.recruiter, 2]] as const) {
    if (!who) continue;
    const theirs = openJobs.filter((j) => j.interviewerIds.some((id) => id.equals(who)) || j.hiringManagerId?.equals(who) || j.recruiterIds.some((id) => id.equals(who)));
    const jobsFor = theirs.length ? theirs : openJobs;
    // Today's: at the next full hour, but not before 09:00 on their clock (late in the evening it stays late).
    const soon = DateTime.fromJSDate(now, { zone: people.get(String(who))?.timezone ?? 'UTC' }).plus({ hours: 1 }).startOf('hour');
    const today = (soon.hour < 9 ? soon.set({ hour: 9 }) : soon).toJSDate();
    for (const [start, n] of [[today, k], [localTime(who, 1, 10), k + 3], [localTime(who, 1, 14, 30), k + 6]] as const) {
      const app = appOn(jobsFor, n);
      const job = app && jobs.find((j) => j._id.equals(app.jobId));
      if (!app || !job) continue;
      const round = roundsOf(job)[1] ?? roundsOf(job)[0]!;
      add(job, app, round, start, panelOf(job, round, who), { status: 'scheduled' });
    }
    if (who === demo.recruiter) continue;
    // Owed: one finished yesterday-ish (not yet overdue) and one overdue, for the interviewer themselves.
    // Both in working hours on their clock: this morning (or yesterday afternoon) and three days ago.
    for (const [recent, n] of [[true, k + 9], [false, k + 12]] as const) {
      const app = appOn(jobsFor, n);
      const job = app && jobs.find((j) => j._id.equals(app.jobId));
      if (!app || !job) continue;
      const round = roundsOf(job)[0]!;
      const thisMorning = localTime(who, 0, 10);
      const start = !recent
        ? localTime(who, -3, 11)
        : thisMorning.getTime() + round.durationMinutes * 60_000 <= now.getTime() - Hour ? thisMorning : localTime(who, -1, 15);
      add(job, app, round, start, panelOf(job, round, who), { status: 'completed', owedBy: [who], lean: 0.2 });
    }
  }

  await Interview.insertMany(interviews);
  await Promise.all([InterviewEvent.insertMany(events), Scorecard.insertMany(scorecards), CandidateActivity.insertMany(activities)]);
}
