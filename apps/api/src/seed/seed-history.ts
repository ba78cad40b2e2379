import { Types } from 'mongoose';
import { ApplicationSources, type TApplicationSource, type TCandidateActivityKind } from '@hireflow/contracts/candidates';
import { DidNotHappenReasons, type TInterviewEventKind, type TInterviewStatus, type TRecommendation } from '@hireflow/contracts/interviews';
import type { TOfferEventKind } from '@hireflow/contracts/offers';
import type { TJobStatus, TStageKind } from '@hireflow/contracts/jobs';
import { Customer } from '../modules/org/customer.model';
import { Department } from '../modules/org/department.model';
import { Location } from '../modules/org/location.model';
import { BusinessUnit } from '../modules/org/business-unit.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { StatusEvent } from '../modules/jobs/status-event.model';
import { getWorkflowStages } from '../modules/jobs/job-settings.service';
import { memberIdsOf } from '../modules/jobs/job-records';
import { kindCountsOf } from '../modules/jobs/stage-counts';
import { Candidate } from '../modules/candidates/candidate.model';
import { CandidateActivity } from '../modules/candidates/candidate-activity.model';
import { Application } from '../modules/candidates/applications/application.model';
import { StageEvent } from '../modules/candidates/applications/stage-event.model';
import { Interview } from '../modules/interviews/interview.model';
import { InterviewEvent } from '../modules/interviews/interview-event.model';
import { Scorecard } from '../modules/interviews/feedback/scorecard.model';
import { InterviewAttribute } from '../modules/interviews/plans/interview-attribute.model';
import { Offer } from '../modules/offers/offer.model';
import { OfferEvent } from '../modules/offers/offer-event.model';
import { loadRejectionReasons } from '../modules/pipeline/rejections/rejection-reasons';
import { InboundSources } from '../modules/reports/tallies/stage-tallies';
import { bumpTallies, type TallyBump } from '../modules/reports/tallies/tallies';
import { rng, weighted } from './seed-random';

const Hour = 3_600_000;
const Day = 24 * Hour;
/** How far back the demo history reaches. */
export const HistoryDays = 730;
/** Jobs opened over the two years (each with its own window of applications). */
export const HistoryJobs = 48;

const Titles = [
  'Backend Engineer', 'Frontend Engineer', 'Data Analyst', 'Account Executive', 'Customer Support Specialist', 'Product Designer',
  'Sales Development Rep', 'QA Engineer', 'Financial Controller', 'People Operations Partner', 'Site Reliability Engineer', 'Marketing Specialist',
];
const WithdrawReasons = ['Accepted another offer', 'No longer looking', 'Relocation fell through', 'Salary below expectations'];
const Incidents = ['Video call dropped twice; finished on the phone.', 'The candidate arrived 40 minutes late; round shortened.', 'Interviewer was replaced at the last minute.'];
const Notes = ['Strong portfolio, worth a closer look.', 'Asked about remote work; told them two office days.', 'Notice period three months, flexible on start.', 'Referred by a former colleague; good signal.', 'Prefers the Berlin office.'];
/** Applications per month of the year: busy after New Year and in autumn, quiet in summer and December. */
const Season = [1.35, 1.25, 1.1, 1.0, 0.9, 0.75, 0.6, 0.7, 1.15, 1.2, 1.05, 0.6];
/** Source shares at the start and the end of the two years: referrals and sourcing grow, imports fade. */
const SourceShares: Record<TApplicationSource, [number, number]> = {
  career_site: [0.58, 0.45],
  referral: [0.1, 0.2],
  sourced: [0.1, 0.17],
  agency: [0.12, 0.12],
  import: [0.1, 0.06],
};

type Stage = { _id: Types.ObjectId; name: string; kind: TStageKind };
type Step = { stage: Stage; at: number; by: Types.ObjectId | null; reason: string; withdrawn: boolean };
type Doc = Record<string, unknown>;

/** Days spent in a stage before the next move: screening is quick, the interview stages are slow (the bottleneck). */
function stayDays(random: () => number, stage: Stage, index: number): number {
  const spread = () => Math.pow(random(), 1.4);
  if (stage.kind === 'screening') return index === 0 ? 0.3 + spread() * 6 : 1 + spread() * 9;
  if (stage.kind === 'interview') return 7 + spread() * 22;
  if (stage.kind === 'offer') return 1 + spread() * 9;
  return 1;
}

/** Chance to move on from each stage of the flow (the rest are rejected or withdraw). */
const PassRates = [0.5, 0.55, 0.6, 0.55, 0.8];

/**
 * Two years of history for Acme (before and alongside the recent demo jobs), so every report shows trends:
 * 48 past jobs opened over two years (more of them lately and after New Year and in autumn; some put on
 * hold, most filled or closed, a few still open), about 2,000 applications from every source walking the
 * pipeline with realistic drop-off (screening quick, the interview stages slower than their target),
 * rejections with the company's reasons by different recruiters, withdrawals, interviews (completed, not
 * happened with a reason, a few incidents) with submitted scorecards, offers accepted and declined,
 * candidate activities (moves, notes, mails), and every status, stage, interview and offer event. Bulk
 * inserts only; deterministic for a given `now`. Runs once (a company that has events older than a year
 * is left alone).
 */
export async function seedHistory({ now = new Date() }: { now?: Date } = {}) {
  const acme = await Customer.findOne({ slug: 'acme' }, { _id: 1 }).lean();
  if (!acme) return;
  const customerId = acme._id;
  if (await StageEvent.exists({ customerId, at: { $lt: new Date(now.getTime() - 400 * Day) } })) return;
  const random = rng(101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);

  const [departments, locations, units, users, workflow, reasonRows, library] = await Promise.all([
    Department.find({ customerId }).lean(),
    Location.find({ customerId }).lean(),
    BusinessUnit.find({ customerId, parentId: { $ne: null } }).lean(),
    User.find({ customerId, status: 'active' }, { email: 1, role: 1, admin: 1, addlRoles: 1, firstName: 1, lastName: 1 }).lean(),
    getWorkflowStages(customerId),
    loadRejectionReasons(customerId),
    InterviewAttribute.find({ customerId, active: true }, { name: 1 }).sort({ _id: 1 }).limit(6).lean(),
  ]);
  const attributes = library.length ? library.map((a) => ({ id: a._id, name: a.name })) : [{ id: new Types.ObjectId(), name: 'Overall' }];
  const Verdicts: Record<TRecommendation, string> = { strong_yes: 'Excellent; would hire.', yes: 'Solid, a few gaps we can coach.', no: 'Not enough depth for the level.', strong_no: 'Serious concerns.' };
  if (!departments.length || !locations.length || !users.length) return;
  const stages = workflow as Stage[];
  const flow = stages.filter((s) => s.kind !== 'rejected');
  const rejectedStage = stages.find((s) => s.kind === 'rejected');
  if (!rejectedStage || flow.length < 2) return;
  const reasons = reasonRows.filter((r) => r.active !== false).map((r) => r.label);
  const filledReason = reasons.find((r) => /filled/i.test(r)) ?? reasons[0]!;
  const byEmail = (prefix: string) => users.find((u) => u.email.startsWith(prefix));
  const admin = users.find((u) => u.admin) ?? users[0]!;
  const recruiters = users.filter((u) => u.role === 'recruiter' && !u.admin);
  if (!recruiters.length) recruiters.push(admin);
  const mainRecruiter = byEmail('recruiter@') ?? recruiters[0]!;
  const hms = users.filter((u) => (u.addlRoles as string[]).includes('HM'));
  const mainHm = byEmail('hm@') ?? hms[0] ?? admin;
  const employees = users.filter((u) => u.role === 'employee');
  const interviewerPool = employees.length ? employees : users;
  // Each interviewer has their own habit: some submit scorecards within hours, a few take days.
  const habit = new Map(interviewerPool.concat(hms).map((u) => [String(u._id), random() < 0.2 ? between(30, 90) : between(2, 24)]));

  const start = now.getTime() - HistoryDays * Day;
  const growth = (t: number) => 0.55 + 0.9 * ((t - start) / (HistoryDays * Day));
  const density = (t: number) => growth(t) * Season[new Date(t).getUTCMonth()]!;
  /** A moment in [lo, hi) drawn with the growth and seasonality of applications. */
  const when = (lo: number, hi: number) => {
    for (let i = 0; i < 20; i++) {
      const t = between(lo, hi);
      if (random() * 1.45 * 1.35 < density(t)) return t;
    }
    return between(lo, hi);
  };
  const sourceAt = (t: number): TApplicationSource => {
    const f = (t - start) / (HistoryDays * Day);
    return weighted(random, ApplicationSources.map((s) => [s, SourceShares[s][0] + (SourceShares[s][1] - SourceShares[s][0]) * f]));
  };

  const jobs: Doc[] = [];
  const statusEvents: Doc[] = [];
  const applications: Doc[] = [];
  const stageEvents: Doc[] = [];
  const interviews: Doc[] = [];
  const interviewEvents: Doc[] = [];
  const scorecards: Doc[] = [];
  const offers: Doc[] = [];
  const offerEvents: Doc[] = [];
  const activities: Doc[] = [];
  type Person = { _id: Types.ObjectId; name: string; email: string; jobIds: Types.ObjectId[]; kinds: Set<string> };
  const people = new Map<string, Person>();
  // Not the demo's duplicates (people sharing a phone or a name and company): their merge stays as seeded.
  const everyone = await Candidate.find({ customerId, mergedIntoId: null }, { firstName: 1, lastName: 1, email: 1, phoneKey: 1, nameKey: 1 }).sort({ _id: 1 }).lean();
  const seen = new Map<string, number>();
  for (const c of everyone) for (const k of [c.phoneKey && `p${c.phoneKey}`, c.nameKey && `n${c.nameKey}`]) if (k) seen.set(k, (seen.get(k) ?? 0) + 1);
  const pool = everyone.filter((c) => (!c.phoneKey || seen.get(`p${c.phoneKey}`) === 1) && (!c.nameKey || seen.get(`n${c.nameKey}`) === 1));
  if (!pool.length) return;

  const openings = Array.from({ length: HistoryJobs }, () => when(start, now.getTime() - 45 * Day)).sort((a, b) => a - b);
  openings.forEach((openedAtMs, i) => {
    const jobId = new Types.ObjectId();
    const department = departments[i % departments.length]!;
    const location = locations[(i * 3) % locations.length]!;
    const unit = units.length ? units[i % units.length]! : null;
    const hm = i % 3 === 0 ? mainHm : hms.length ? pick(hms) : mainHm;
    const recruiterIds = [...new Set([i % 2 === 0 ? mainRecruiter._id : pick(recruiters)._id, ...(i % 5 === 0 ? [pick(recruiters)._id] : [])].map(String))].map((id) => new Types.ObjectId(id));
    const interviewerIds = [...new Set([pick(interviewerPool)._id, pick(interviewerPool)._id, ...(i % 4 === 0 && byEmail('employee@') ? [byEmail('employee@')!._id] : [])].map(String))].map((id) => new Types.ObjectId(id));
    const title = Titles[i % Titles.length]!;
    const headcount = random() < 0.25 ? 2 + Math.floor(random() * 3) : 1;
    const createdAt = openedAtMs - between(3, 12) * Day;
    const plannedEnd = openedAtMs + between(35, 110) * Day;
    // One job in seven was put on hold for a few weeks (no applications meanwhile).
    const hold = random() < 0.15 ? { from: openedAtMs + between(10, 25) * Day, days: between(12, 30) } : null;
    const end = Math.min(now.getTime() - Hour, plannedEnd + (hold ? hold.days * Day : 0));
    const team = { recruiterIds, hiringManagerId: hm._id, interviewerIds, createdBy: hm._id };
    const ev = (from: string | null, to: TJobStatus, at: number, by: Types.ObjectId, comment = '') =>
      statusEvents.push({ customerId, entity: 'job', entityId: jobId, jobId, from, to, at: new Date(at), by, comment, businessUnitId: unit?._id ?? null, departmentId: department._id });
    ev(null, 'pending_approval', createdAt, hm._id);
    ev('pending_approval', 'open', openedAtMs, admin._id);

    // The applications: a number that grows over the two years, spread over the job's window.
    const count = Math.round(between(28, 52) * growth(openedAtMs) * (headcount > 1 ? 1.6 : 1));
    const walks: { appId: Types.ObjectId; appliedAt: number; source: TApplicationSource; steps: Step[] }[] = [];
    for (let a = 0; a < count; a++) {
      let appliedAt = when(openedAtMs, end);
      if (hold && appliedAt >= hold.from && appliedAt < hold.from + hold.days * Day) appliedAt += hold.days * Day;
      if (appliedAt >= end) continue;
      walks.push({ appId: new Types.ObjectId(), appliedAt, source: sourceAt(appliedAt), steps: [] });
    }
    walks.sort((a, b) => a.appliedAt - b.appliedAt);

    // Each walks the flow until rejected, withdrawn, hired or today; hires stop at the headcount.
    let hires = 0;
    const hireTimes: number[] = [];
    for (const w of walks) {
      let t = w.appliedAt;
      w.steps.push({ stage: flow[0]!, at: t, by: null, reason: '', withdrawn: false });
      for (let k = 0; k + 1 < flow.length; k++) {
        t += stayDays(random, flow[k]!, k) * Day;
        if (t >= end) break;
        const next = flow[k + 1]!;
        const r = random();
        const rate = PassRates[Math.min(k, PassRates.length - 1)]!;
        if (next.kind === 'hired') {
          if (r < rate && hires < headcount) {
            hires += 1;
            hireTimes.push(t);
            w.steps.push({ stage: next, at: t, by: recruiterIds[0]!, reason: '', withdrawn: false });
          } else if (r < rate) w.steps.push({ stage: rejectedStage, at: t, by: null, reason: 'Accepted another offer', withdrawn: true });
          // Declined the offer.
          else w.steps.push({ stage: rejectedStage, at: t, by: null, reason: 'Declined the offer', withdrawn: true });
          break;
        }
        if (r < rate) {
          w.steps.push({ stage: next, at: t, by: pick(recruiterIds), reason: '', withdrawn: false });
          continue;
        }
        if (r < rate + 0.06) w.steps.push({ stage: rejectedStage, at: t, by: null, reason: pick(WithdrawReasons), withdrawn: true });
        else {
          // After the interviews the hiring manager often turns them down; before, a recruiter.
          const by = flow[k]!.kind === 'interview' && random() < 0.4 ? hm._id : pick(recruiterIds);
          w.steps.push({ stage: rejectedStage, at: t, by, reason: pick(reasons), withdrawn: false });
        }
        break;
      }
    }
    // Filled: later applicants never came, those still in the pipeline were turned down.
    const filledAt = hires === headcount ? Math.max(...hireTimes) : null;
    const closeAt = filledAt ?? (plannedEnd + (hold ? hold.days * Day : 0) < now.getTime() ? end : null);
    const lastDay = closeAt ?? now.getTime();
    const holdEnd = hold ? hold.from + hold.days * Day : 0;
    const onHoldAtEnd = Boolean(hold && hold.from < lastDay && holdEnd >= lastDay);
    if (hold && hold.from < lastDay) {
      ev('open', 'on_hold', hold.from, recruiterIds[0]!, 'Budget review');
      if (holdEnd < lastDay) ev('on_hold', 'open', holdEnd, recruiterIds[0]!);
    }
    const status: TJobStatus = filledAt ? 'filled' : closeAt ? 'closed' : onHoldAtEnd ? 'on_hold' : 'open';
    const kept = walks.filter((w) => closeAt === null || w.appliedAt < closeAt);
    if (closeAt !== null) {
      for (const w of kept) {
        w.steps = w.steps.filter((s, k) => k === 0 || s.at <= closeAt);
        const last = w.steps[w.steps.length - 1]!;
        // (Someone holding an offer declines it; the others are turned down.)
        const offered = last.stage.kind === 'offer';
        if (last.stage.kind !== 'hired' && last.stage.kind !== 'rejected') w.steps.push({ stage: rejectedStage, at: Math.max(last.at + Hour, closeAt + between(0.2, 2) * Day), by: offered ? null : recruiterIds[0]!, reason: offered ? 'Declined the offer' : filledReason, withdrawn: offered });
      }
      ev(onHoldAtEnd ? 'on_hold' : 'open', status, closeAt + (filledAt ? Hour : 0), recruiterIds[0]!);
    }
    for (const w of kept) w.steps = w.steps.filter((s) => s.at < now.getTime() - 60_000);

    const stageCounts: Record<string, number> = Object.fromEntries(stages.map((s) => [String(s._id), 0]));
    for (const w of kept) {
      // The applicants are people of the candidate database (so it stays one database); some applied to
      // several of these jobs over the years (their timeline spans jobs).
      let cand: Person | null = null;
      for (let tries = 0; tries < 8 && !cand; tries++) {
        const c = pick(pool);
        const known = people.get(String(c._id)) ?? { _id: c._id, name: `${c.firstName} ${c.lastName ?? ''}`.trim(), email: c.email ?? '', jobIds: [], kinds: new Set<string>() };
        if (!known.jobIds.some((j) => j.equals(jobId))) cand = known;
      }
      if (!cand) continue;
      people.set(String(cand._id), cand);
      cand.jobIds.push(jobId);
      const base = { customerId, applicationId: w.appId, jobId, candidateId: cand._id };
      const act = (kind: TCandidateActivityKind, at: number, by: Types.ObjectId | null, summary: string, data: Doc | null = null) =>
        activities.push({ customerId, candidateId: cand._id, kind, at: new Date(at), by, applicationId: w.appId, jobId, summary, data });
      act('applied', w.appliedAt, null, `Applied to ${title}`, { source: w.source });

      let lastEventId = new Types.ObjectId();
      let firstMove: number | null = null;
      w.steps.forEach((s, k) => {
        const from = k ? w.steps[k - 1]! : null;
        lastEventId = new Types.ObjectId();
        if (from && firstMove === null) firstMove = s.at;
        const daysToHire = s.stage.kind === 'hired' ? calendarDays(InboundSources.includes(w.source) ? w.appliedAt : (firstMove ?? w.appliedAt), s.at) : null;
        stageEvents.push({ _id: lastEventId, ...base, fromStageId: from?.stage._id ?? null, fromKind: from?.stage.kind ?? null, toStageId: s.stage._id, toKind: s.stage.kind, at: new Date(s.at), by: s.by, reason: s.reason, withdrawn: s.withdrawn, source: w.source, daysToHire });
        if (!from) return;
        const summary = s.stage.kind === 'rejected' ? (s.withdrawn ? `Withdrew from ${title}` : `Rejected on ${title}: ${s.reason}`) : `Moved from ${from.stage.name} to ${s.stage.name} on ${title}`;
        act('stage_moved', s.at, s.by, summary, { fromStageId: String(from.stage._id), toStageId: String(s.stage._id), toKind: s.stage.kind, reason: s.reason, withdrawn: s.withdrawn });
        // Mails: an invitation when they move to the interviews, a rejection mail for most rejections.
        const mailBy = s.by ?? recruiterIds[0]!;
        if ((s.stage.kind === 'interview' && from.stage.kind === 'screening') || (s.stage.kind === 'rejected' && !s.withdrawn && random() < 0.7))
          act('email_sent', s.at + 10 * 60_000, mailBy, s.stage.kind === 'rejected' ? `Email: Your application for ${title}` : `Email: Next steps for ${title}`, { subject: s.stage.kind === 'rejected' ? `Your application for ${title}` : `Next steps for ${title}` });
      });
      // A note on a third of them, by the recruiter or the hiring manager, while they were in the pipeline.
      if (random() < 0.33 && w.steps.length) {
        const lastStep = w.steps[w.steps.length - 1]!;
        act('note_added', w.appliedAt + random() * Math.max(Hour, lastStep.at - w.appliedAt), random() < 0.7 ? pick(recruiterIds) : hm._id, `Note: ${pick(Notes)}`);
      }

      // Interviews in each interview stage visit, offers in each offer stage visit.
      w.steps.forEach((s, k) => {
        const leftAt = w.steps[k + 1]?.at ?? null;
        const movedOn = leftAt !== null && w.steps[k + 1]!.stage.kind !== 'rejected';
        if (s.stage.kind === 'interview') addInterviews(s, leftAt, movedOn);
        if (s.stage.kind === 'offer') addOffer(s, leftAt, w.steps[k + 1] ?? null);
      });

      function addInterviews(s: Step, leftAt: number | null, movedOn: boolean) {
        const deadline = leftAt ?? now.getTime() + 10 * Day;
        let at = s.at + between(1, 4) * Day;
        if (at >= deadline) at = s.at + (deadline - s.at) * 0.4;
        const r = random();
        const status: TInterviewStatus = at > now.getTime() ? 'scheduled' : r < 0.08 ? 'did_not_happen' : r < 0.11 ? 'incident' : 'completed';
        addInterview(s, at, status, movedOn);
        // A missed interview is booked again a few days later.
        if (status === 'did_not_happen') {
          const again = at + between(2, 5) * Day;
          if (again < deadline) addInterview(s, again, again > now.getTime() ? 'scheduled' : 'completed', movedOn);
        }
      }

      function addInterview(s: Step, startAt: number, status: TInterviewStatus, movedOn: boolean) {
        const _id = new Types.ObjectId();
        const minutes = s.stage.name.toLowerCase().includes('final') ? 90 : 60;
        const startDate = new Date(Math.floor(startAt / Hour) * Hour);
        const end = new Date(startDate.getTime() + minutes * 60_000);
        const panel = [...new Set([pick(interviewerIds), ...(random() < 0.5 ? [pick(interviewerIds)] : []), ...(random() < 0.35 ? [hm._id] : [])].map(String))].map((id) => new Types.ObjectId(id));
        const scheduler = pick(recruiterIds);
        const scheduledAt = new Date(Math.max(s.at + Hour, startDate.getTime() - between(1, 5) * Day));
        const statusNote = status === 'did_not_happen' ? pick(DidNotHappenReasons) : status === 'incident' ? pick(Incidents) : '';
        interviews.push({
          _id, ...base, roundId: null, roundName: s.stage.name, attributes: [attributes[0]!, attributes[attributes.length - 1]!].filter((a, k, all) => all.indexOf(a) === k), start: startDate, end, durationMinutes: minutes, timeZone: 'Europe/Berlin',
          mode: random() < 0.7 ? 'video' : 'onsite', roomId: null, videoLink: '', phone: '', interviewerIds: panel, templateId: null, note: '',
          status, statusNote, uid: `${_id.toHexString()}-history@hireflow.demo`, sequence: 0, scheduledBy: scheduler, selfScheduleLinkId: null,
          remindersSent: [], calendarEvents: [], createdAt: scheduledAt, updatedAt: scheduledAt,
        });
        const ie = (kind: TInterviewEventKind, at: Date, by: Types.ObjectId | null, data: Doc = {}) => interviewEvents.push({ customerId, interviewId: _id, applicationId: w.appId, jobId, kind, at, by, data: { start: startDate, end, interviewerIds: panel, ...data } });
        ie('scheduled', scheduledAt, scheduler);
        act('interview_scheduled', scheduledAt.getTime(), scheduler, `${s.stage.name} scheduled`, { interviewId: String(_id), change: 'scheduled' });
        if (status === 'scheduled') return;
        const markedAt = new Date(Math.min(end.getTime() + between(0.5, 6) * Hour, now.getTime() - Hour));
        ie(status as TInterviewEventKind, markedAt, scheduler, status === 'did_not_happen' ? { reason: statusNote } : status === 'incident' ? { description: statusNote } : {});
        act('interview_updated', markedAt.getTime(), scheduler, `${s.stage.name} ${status === 'completed' ? 'completed' : status === 'incident' ? `incident: ${statusNote}` : `did not happen: ${statusNote}`}`, { interviewId: String(_id), change: status });
        if (status === 'did_not_happen') return;
        for (const interviewerId of panel) {
          const submittedAt = new Date(Math.min(end.getTime() + (habit.get(String(interviewerId)) ?? 12) * between(0.3, 1.7) * Hour, now.getTime() - Hour));
          const x = (movedOn ? 0.55 : -0.45) + (random() - 0.5) * 1.2;
          const recommendation: TRecommendation = x > 0.7 ? 'strong_yes' : x > 0 ? 'yes' : x > -0.7 ? 'no' : 'strong_no';
          const good = recommendation.endsWith('yes');
          const ratings = (interviews[interviews.length - 1]!.attributes as { id: Types.ObjectId; name: string }[]).map((a) => ({ attributeId: a.id, name: a.name, rating: good ? 3 + (random() < 0.4 ? 1 : 0) : 1 + (random() < 0.6 ? 1 : 0), note: '' }));
          scorecards.push({ ...base, interviewId: _id, interviewerId, ratings, recommendation, notes: Verdicts[recommendation], privateNotes: '', status: 'submitted', submittedAt, createdAt: submittedAt, updatedAt: submittedAt });
          ie('feedback_submitted', submittedAt, interviewerId, { recommendation });
          act('feedback_submitted', submittedAt.getTime(), interviewerId, `Scorecard for ${s.stage.name}`, { interviewId: String(_id), change: 'feedback_submitted' });
        }
      }

      function addOffer(s: Step, leftAt: number | null, next: Step | null) {
        const _id = new Types.ObjectId();
        const by = pick(recruiterIds);
        const created = s.at + between(1, 6) * Hour;
        const sent = Math.min(created + between(0.3, 1.5) * Day, leftAt ?? created + Day, now.getTime() - Hour);
        const outcome: { kind: TOfferEventKind; status: string } | null = !next ? null : next.stage.kind === 'hired' ? { kind: 'accepted', status: 'accepted' } : { kind: 'declined', status: 'declined' };
        const startDay = new Date((leftAt ?? sent) + 30 * Day).toISOString().slice(0, 10);
        const expiry = new Date(sent + 10 * Day);
        offers.push({
          _id, ...base, businessUnitId: unit?._id ?? null, status: outcome?.status ?? 'sent', jobTitle: title, startDate: startDay,
          expiryDate: expiry.toISOString().slice(0, 10), expiresAt: expiry,
          compensation: { currency: 'EUR', baseMinor: Math.round(between(48, 95)) * 100_000, period: 'year', bonusMinor: null, equity: '', otherTerms: '' },
          managerId: hm._id, customFields: {}, note: '', createdBy: by, sentAt: new Date(sent), sentBy: by, decidedAt: outcome && next ? new Date(next.at - Hour) : null,
          acceptance: outcome?.kind === 'accepted' ? { typedName: cand!.name, at: new Date(next!.at - Hour) } : null,
          declineReason: outcome?.kind === 'declined' ? next!.reason : '', revokeReason: '',
          createdAt: new Date(created), updatedAt: new Date(next?.at ?? sent),
        });
        const oe = (kind: TOfferEventKind, at: number, who: Types.ObjectId | null) => {
          offerEvents.push({ customerId, offerId: _id, applicationId: w.appId, jobId, kind, at: new Date(at), by: who, note: '', data: { status: kind } });
          act('offer_updated', at, who, `Offer for ${title} ${kind}`, { offerId: String(_id), change: kind });
        };
        oe('created', created, by);
        oe('approved', created + (sent - created) / 2, admin._id);
        oe('sent', sent, by);
        if (outcome && next) oe(outcome.kind, Math.max(sent + Hour, next.at - Hour), null);
      }

      const lastStep = w.steps[w.steps.length - 1]!;
      stageCounts[String(lastStep.stage._id)]! += 1;
      cand.kinds.add(lastStep.stage.kind);
      applications.push({
        _id: w.appId, customerId, candidateId: cand._id, jobId, stageId: lastStep.stage._id, stageKind: lastStep.stage.kind, stageEnteredAt: new Date(lastStep.at), lastStageEventId: lastEventId,
        source: w.source, appliedAt: new Date(w.appliedAt), referrerId: null, agencyId: null,
        atCreation: { businessUnitId: unit?._id ?? null, departmentId: department._id, recruiterIds, hiringManagerId: hm._id },
        ownerId: recruiterIds[0], answers: [], resumeFileId: null, resumeFilename: '', candidateName: cand.name, candidateEmail: cand.email, candidatePhone: '',
        rejectionReason: lastStep.stage.kind === 'rejected' && !lastStep.withdrawn ? lastStep.reason : '', rejectedBy: lastStep.stage.kind === 'rejected' && !lastStep.withdrawn ? lastStep.by : null,
        withdrawn: lastStep.withdrawn, onHold: false, createdAt: new Date(w.appliedAt), updatedAt: new Date(lastStep.at), __v: 0,
      });
    }
    jobs.push({
      _id: jobId, customerId, title, titleLower: title.toLowerCase(), jobCodeId: null, departmentId: department._id, businessUnitId: unit?._id ?? null, locationId: location._id,
      headcount, employmentType: 'full_time', salaryBand: { min: 50_000, max: 80_000, currency: 'EUR' }, targetStartDate: new Date(openedAtMs + 60 * Day).toISOString().slice(0, 10),
      ...team, followerIds: [], customFields: {}, status, requisitionId: null,
      description: `<p>${title} in ${department.name}.</p>`, published: status === 'open', stages, stageCounts, kindCounts: kindCountsOf(stages, stageCounts),
      applicantCount: kept.length, memberIds: memberIdsOf(team), openedAt: new Date(openedAtMs), createdAt: new Date(createdAt), updatedAt: new Date(closeAt ?? openedAtMs),
    });
  });

  await Job.insertMany(jobs, { timestamps: false });
  await StatusEvent.collection.insertMany(statusEvents, { ordered: false });
  // What refreshCandidateJobs keeps on every candidate: the jobs they are on and the kinds of stage they are in.
  const updates = [...people.values()].map((p) => ({ updateOne: { filter: { customerId, _id: p._id }, update: { $addToSet: { jobIds: { $each: p.jobIds }, stageKinds: { $each: [...p.kinds] } } } } }));
  for (let i = 0; i < updates.length; i += 5_000) await Candidate.bulkWrite(updates.slice(i, i + 5_000), { ordered: false });
  await insertRaw(Application.collection, applications);
  await insertRaw(StageEvent.collection, stageEvents);
  await insertRaw(Interview.collection, interviews);
  await insertRaw(InterviewEvent.collection, interviewEvents);
  await insertRaw(Scorecard.collection, scorecards);
  await insertRaw(Offer.collection, offers);
  await insertRaw(OfferEvent.collection, offerEvents);
  await insertRaw(CandidateActivity.collection, activities);
  return { jobs: jobs.length, applications: applications.length, stageEvents: stageEvents.length };
}

/** Raw batched inserts (the documents are built whole above; no per-document validation). */
export async function insertRaw(collection: { insertMany(docs: Doc[], options: { ordered: boolean }): Promise<unknown> }, docs: Doc[], batch = 5_000) {
  for (let i = 0; i < docs.length; i += batch) await collection.insertMany(docs.slice(i, i + batch), { ordered: false });
}

const calendarDays = (from: number, to: number) => Math.max(0, Math.round((Math.floor(to / Day) * Day - Math.floor(from / Day) * Day) / Day));

/**
 * Sign-ins and actions per user and day over the two years (the usage report): they have no raw events
 * to rebuild from, so the tallies are written directly. Recruiters sign in most working days, hiring
 * managers and interviewers less; use grows over the two years. Run after the tallies are rebuilt.
 */
export async function seedUsageHistory({ now = new Date() }: { now?: Date } = {}) {
  const acme = await Customer.findOne({ slug: 'acme' }, { _id: 1 }).lean();
  if (!acme) return;
  const customerId = acme._id;
  const random = rng(103);
  const users = await User.find({ customerId, status: 'active' }, { role: 1, admin: 1, addlRoles: 1 }).sort({ _id: 1 }).lean();
  const today = Math.floor(now.getTime() / Day) * Day;
  const bumps: TallyBump[] = [];
  for (let d = HistoryDays; d >= 1; d--) {
    const day = today - d * Day;
    const weekday = new Date(day).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const adoption = 0.45 + 0.55 * (1 - d / HistoryDays);
    for (const u of users) {
      const recruiter = u.role === 'recruiter' || u.admin;
      const hm = (u.addlRoles as string[]).includes('HM');
      const chance = (recruiter ? 0.85 : hm ? 0.5 : 0.08) * adoption * (weekend ? 0.08 : 1);
      if (random() >= chance) continue;
      const signIns = 1 + (random() < 0.3 ? 1 : 0);
      const actions = Math.round((recruiter ? 8 + random() * 40 : hm ? 2 + random() * 12 : random() * 5) * adoption);
      bumps.push({ customerId, dim: 'user', key: String(u._id), at: new Date(day + (8 + random() * 9) * Hour), inc: { signIns, actions } });
    }
  }
  for (let i = 0; i < bumps.length; i += 5_000) await bumpTallies(bumps.slice(i, i + 5_000));
}

/**
 * The stage events other seeds insert raw lack what `recordStageEvents` adds (the application's source,
 * and the time to hire on the first hire): filled in here, so filtered reports read the same figures.
 */
export async function completeStageEvents(customerId: Types.ObjectId) {
  const events = await StageEvent.find({ customerId, source: null }, { applicationId: 1, fromKind: 1, toKind: 1, at: 1 }).sort({ applicationId: 1, at: 1, _id: 1 }).lean();
  if (!events.length) return;
  const apps = new Map((await Application.find({ customerId }, { source: 1, appliedAt: 1 }).lean()).map((a) => [String(a._id), a]));
  const ops: { updateOne: { filter: Record<string, unknown>; update: Record<string, unknown> } }[] = [];
  let current = '';
  let firstMove: Date | null = null;
  let hired = false;
  for (const e of events) {
    const app = apps.get(String(e.applicationId));
    if (!app) continue;
    if (current !== String(e.applicationId)) [current, firstMove, hired] = [String(e.applicationId), null, false];
    if (e.fromKind && !firstMove) firstMove = e.at;
    let daysToHire: number | null = null;
    if (e.toKind === 'hired' && !hired) {
      hired = true;
      daysToHire = calendarDays((InboundSources.includes(app.source) ? app.appliedAt : (firstMove ?? app.appliedAt)).getTime(), e.at.getTime());
    }
    ops.push({ updateOne: { filter: { customerId, _id: e._id }, update: { $set: { source: app.source, daysToHire } } } });
  }
  for (let i = 0; i < ops.length; i += 5_000) await StageEvent.bulkWrite(ops.slice(i, i + 5_000), { ordered: false });
}
