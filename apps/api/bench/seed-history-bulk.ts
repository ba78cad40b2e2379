// Bulk history for the reports bench: one company's jobs, applications and every event the reports read,
// spread over two years, inserted raw in batches (no per-document validation), generated batch by batch
// so memory stays flat however many are asked for.
import { Types } from 'mongoose';
import { ApplicationSources } from '@hireflow/contracts/candidates';
import { DefaultRejectionReasons } from '@hireflow/contracts/pipeline';
import { DidNotHappenReasons, Recommendations } from '@hireflow/contracts/interviews';
import { DefaultStages } from '../src/modules/jobs/workflow-template.model';
import { Job } from '../src/modules/jobs/job.model';
import { kindCountsOf } from '../src/modules/jobs/stage-counts';
import { StatusEvent } from '../src/modules/jobs/status-event.model';
import { Candidate } from '../src/modules/candidates/candidate.model';
import { CandidateActivity } from '../src/modules/candidates/candidate-activity.model';
import { Application } from '../src/modules/candidates/applications/application.model';
import { StageEvent } from '../src/modules/candidates/applications/stage-event.model';
import { Interview } from '../src/modules/interviews/interview.model';
import { InterviewEvent } from '../src/modules/interviews/interview-event.model';
import { Scorecard } from '../src/modules/interviews/feedback/scorecard.model';
import { Offer } from '../src/modules/offers/offer.model';
import { OfferEvent } from '../src/modules/offers/offer-event.model';
import { BusinessUnit } from '../src/modules/org/business-unit.model';
import { Department } from '../src/modules/org/department.model';
import { Location } from '../src/modules/org/location.model';
import { InboundSources } from '../src/modules/reports/tallies/stage-tallies';
import { rng } from '../src/seed/seed-random';

const Hour = 3_600_000;
const Day = 24 * Hour;
const Batch = 10_000;
type Doc = Record<string, unknown>;

export type BulkHistory = { jobIds: Types.ObjectId[]; candidateId: Types.ObjectId; counts: Record<string, number> };

/**
 * `applications` applications over `jobs` jobs with about `events` stage events in all (a stage can be
 * entered twice: interview loops), interviews for one application in four that reached the interviews,
 * scorecards, offers with their events, one activity (note or mail) per application, job status events.
 */
export async function seedBulkHistory(opts: {
  customerId: Types.ObjectId;
  applications: number;
  events: number;
  jobs: number;
  recruiterIds: Types.ObjectId[];
  interviewerIds: Types.ObjectId[];
  now?: Date;
  onProgress?: (done: number) => void;
}): Promise<BulkHistory> {
  const { customerId, recruiterIds, interviewerIds } = opts;
  const now = (opts.now ?? new Date()).getTime();
  const start = now - 730 * Day;
  const random = rng(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const [units, depts, locs] = await Promise.all([
    BusinessUnit.insertMany(Array.from({ length: 6 }, (_, i) => ({ customerId, name: `Report unit ${i}` }))),
    Department.insertMany(Array.from({ length: 10 }, (_, i) => ({ customerId, name: `Report dept ${i}` }))),
    Location.insertMany(Array.from({ length: 5 }, (_, i) => ({ customerId, name: `Report city ${i}` }))),
  ]);
  const stages = DefaultStages.map((s) => ({ _id: new Types.ObjectId(), ...s }));
  const rejected = stages[6]!;
  const jobs = Array.from({ length: opts.jobs }, (_, i) => {
    // Jobs open over the two years (more lately); each takes applications for 30-150 days.
    const openedAt = start + Math.sqrt(random()) * 700 * Day;
    return { _id: new Types.ObjectId(), i, openedAt, closesAt: Math.min(now, openedAt + (30 + random() * 120) * Day), unit: units[i % units.length]!._id, dept: depts[i % depts.length]!._id, loc: locs[i % locs.length]!._id, recruiter: recruiterIds[i % recruiterIds.length]!, hm: interviewerIds[i % interviewerIds.length]! };
  });
  const counts = jobs.map(() => new Array<number>(stages.length).fill(0));
  const totals: Record<string, number> = { applications: 0, stageEvents: 0, interviews: 0, interviewEvents: 0, scorecards: 0, offers: 0, offerEvents: 0, activities: 0, statusEvents: 0 };
  const perApp = Math.max(1, opts.events / Math.max(1, opts.applications));
  // One candidate with applications to three jobs (candidate-timeline).
  const candidateId = new Types.ObjectId();
  await Candidate.collection.insertOne({ _id: candidateId, customerId, firstName: 'Timeline', lastName: 'Candidate', email: 'timeline@bench.test', phone: '', phoneKey: '', nameKey: 'timeline candidate|', source: 'career_site', jobIds: jobs.slice(0, 3).map((j) => j._id), stageKinds: [], skills: [], tags: [], mergedIntoId: null, lastActivityAt: new Date(now), createdAt: new Date(start), updatedAt: new Date(now), __v: 0 });

  const stay = (kind: string) => (kind === 'screening' ? 0.5 + random() * 6 : kind === 'interview' ? 3 + random() * 20 : kind === 'offer' ? 1 + random() * 8 : 1) * Day;
  for (let from = 0; from < opts.applications; from += Batch) {
    const apps: Doc[] = [];
    const stageEvents: Doc[] = [];
    const interviews: Doc[] = [];
    const interviewEvents: Doc[] = [];
    const scorecards: Doc[] = [];
    const offers: Doc[] = [];
    const offerEvents: Doc[] = [];
    const activities: Doc[] = [];
    for (let n = from; n < Math.min(opts.applications, from + Batch); n++) {
      const job = n < 3 ? jobs[n]! : pick(jobs);
      const appId = new Types.ObjectId();
      const candidate = n < 3 ? candidateId : new Types.ObjectId();
      const source = ApplicationSources[Math.floor(Math.pow(random(), 1.6) * ApplicationSources.length)]!;
      const appliedAt = job.openedAt + random() * (job.closesAt - job.openedAt);
      // How many stage events: uniform around the asked mean; the walk goes forward, loops between the
      // two interview stages, and ends hired (some of the long ones), rejected or still open.
      const want = Math.max(1, Math.round(1 + random() * 2 * (perApp - 1)));
      const r = random();
      const ending = want >= 6 && r < 0.12 ? 'hired' : r < 0.7 ? 'rejected' : 'open';
      const body = want - 1 - (ending === 'hired' ? 2 : ending === 'rejected' ? 1 : 0);
      const path = [0];
      for (let k = 0; k < body; k++) path.push(k < 3 ? k + 1 : k % 2 === 1 ? 2 : 3);
      if (ending === 'rejected' && body >= 4 && random() < 0.15) path[path.length - 1] = 4;
      if (ending === 'hired') path.push(4, 5);
      if (ending === 'rejected') path.push(6);
      let t = appliedAt;
      let prev: (typeof stages)[number] | null = null;
      let firstMove: number | null = null;
      let lastId: Types.ObjectId = appId;
      let lastAt = appliedAt;
      let interviewed = false;
      for (let k = 0; k < path.length; k++) {
        if (k > 0) t += stay(prev!.kind);
        if (k > 0 && t >= now - 60_000) break;
        const stage = stages[path[k]!]!;
        if (prev && firstMove === null) firstMove = t;
        const reject = stage === rejected;
        const withdrawn = reject && random() < 0.12;
        lastId = new Types.ObjectId();
        lastAt = t;
        stageEvents.push({
          _id: lastId, customerId, applicationId: appId, jobId: job._id, candidateId: candidate, fromStageId: prev?._id ?? null, fromKind: prev?.kind ?? null, toStageId: stage._id, toKind: stage.kind,
          at: new Date(t), by: prev ? job.recruiter : null, reason: reject ? (withdrawn ? 'Accepted another offer' : DefaultRejectionReasons[(n + k) % DefaultRejectionReasons.length]) : '', withdrawn,
          source, daysToHire: stage.kind === 'hired' ? Math.round((Math.floor(t / Day) - Math.floor((InboundSources.includes(source) ? appliedAt : (firstMove ?? appliedAt)) / Day))) : null,
        });
        if (stage.kind === 'interview' && !interviewed && n % 4 === 0) {
          interviewed = true;
          const interviewId = new Types.ObjectId();
          const at = t + (1 + random() * 3) * Day;
          const status = at > now ? 'scheduled' : random() < 0.08 ? 'did_not_happen' : random() < 0.02 ? 'incident' : 'completed';
          const other = interviewerIds[(n + 1) % interviewerIds.length]!;
          const panel = other.equals(job.hm) ? [job.hm] : [job.hm, other];
          const startAt = new Date(at);
          interviews.push({ _id: interviewId, customerId, applicationId: appId, candidateId: candidate, jobId: job._id, roundId: null, roundName: stage.name, attributes: [], start: startAt, end: new Date(at + Hour), durationMinutes: 60, timeZone: 'UTC', mode: 'video', roomId: null, videoLink: '', phone: '', interviewerIds: panel, templateId: null, note: '', status, statusNote: status === 'did_not_happen' ? DidNotHappenReasons[n % 5] : '', uid: `${interviewId.toHexString()}@bench.test`, sequence: 0, scheduledBy: job.recruiter, selfScheduleLinkId: null, remindersSent: [], calendarEvents: [], createdAt: new Date(t), updatedAt: new Date(t), __v: 0 });
          const ie = (kind: string, when: number, by: Types.ObjectId | null, data: Doc = {}) => interviewEvents.push({ customerId, interviewId, applicationId: appId, jobId: job._id, kind, at: new Date(when), by, data: { start: startAt, end: new Date(at + Hour), interviewerIds: panel, ...data } });
          ie('scheduled', t + Hour, job.recruiter);
          if (status !== 'scheduled') {
            ie(status, at + 2 * Hour, job.recruiter, status === 'did_not_happen' ? { reason: DidNotHappenReasons[n % 5] } : status === 'incident' ? { description: 'Call dropped' } : {});
            if (status !== 'did_not_happen')
              for (const who of panel) {
                const submittedAt = new Date(Math.min(now - Hour, at + (2 + random() * 60) * Hour));
                const recommendation = Recommendations[Math.floor(random() * 4)]!;
                scorecards.push({ customerId, interviewId, applicationId: appId, candidateId: candidate, jobId: job._id, interviewerId: who, ratings: [], recommendation, notes: '', privateNotes: '', status: 'submitted', submittedAt, createdAt: submittedAt, updatedAt: submittedAt, __v: 0 });
                ie('feedback_submitted', submittedAt.getTime(), who, { recommendation });
              }
          }
        }
        if (stage.kind === 'offer') {
          const offerId = new Types.ObjectId();
          const next = path[k + 1];
          const outcome = next === 5 ? 'accepted' : next === 6 ? 'declined' : null;
          const expiry = new Date(t + 14 * Day);
          offers.push({ _id: offerId, customerId, applicationId: appId, candidateId: candidate, jobId: job._id, businessUnitId: job.unit, status: outcome ?? 'accepted', jobTitle: `Job ${job.i}`, startDate: expiry.toISOString().slice(0, 10), expiryDate: expiry.toISOString().slice(0, 10), expiresAt: expiry, compensation: { currency: 'EUR', baseMinor: 6_000_000, period: 'year', bonusMinor: null, equity: '', otherTerms: '' }, managerId: job.hm, customFields: {}, note: '', createdBy: job.recruiter, sentAt: new Date(t + Day), sentBy: job.recruiter, createdAt: new Date(t), updatedAt: new Date(t), __v: 0 });
          const oe = (kind: string, when: number) => offerEvents.push({ customerId, offerId, applicationId: appId, jobId: job._id, kind, at: new Date(Math.min(now - Hour, when)), by: job.recruiter, note: '', data: { status: kind } });
          oe('created', t);
          oe('sent', t + Day);
          if (outcome) oe(outcome, t + 2 * Day);
        }
        prev = stage;
      }
      counts[job.i]![stages.indexOf(prev!)]! += 1;
      // One activity per application: a note or a mail by the recruiter.
      activities.push({ customerId, candidateId: candidate, kind: n % 2 ? 'note_added' : 'email_sent', at: new Date(Math.min(now - Hour, appliedAt + Day)), by: job.recruiter, applicationId: appId, jobId: job._id, summary: n % 2 ? 'Note' : 'Email: Next steps', data: null });
      apps.push({
        _id: appId, customerId, candidateId: candidate, jobId: job._id, stageId: prev!._id, stageKind: prev!.kind, stageEnteredAt: new Date(lastAt), lastStageEventId: lastId, source, appliedAt: new Date(appliedAt),
        referrerId: null, agencyId: null, atCreation: { businessUnitId: job.unit, departmentId: job.dept, recruiterIds: [job.recruiter], hiringManagerId: job.hm }, ownerId: job.recruiter, answers: [],
        resumeFileId: null, resumeFilename: '', candidateName: `Applicant ${n}`, candidateEmail: `a${n}@bench.test`, candidatePhone: '', rejectionReason: '', rejectedBy: null, withdrawn: false, onHold: false,
        createdAt: new Date(appliedAt), updatedAt: new Date(lastAt), __v: 0,
      });
    }
    // One insert after another, in chunks: the database answers the driver's 30-second monitor check after
    // the commands ahead of it, and eight large inserts at once held it long enough to be taken for gone
    // (the driver then retried an insert that had been applied: duplicate keys).
    for (const [collection, docs] of [
      [Application.collection, apps], [StageEvent.collection, stageEvents], [Interview.collection, interviews], [InterviewEvent.collection, interviewEvents],
      [Scorecard.collection, scorecards], [Offer.collection, offers], [OfferEvent.collection, offerEvents], [CandidateActivity.collection, activities],
    ] as const)
      await insertChunks(collection, docs);
    totals.applications! += apps.length;
    totals.stageEvents! += stageEvents.length;
    totals.interviews! += interviews.length;
    totals.interviewEvents! += interviewEvents.length;
    totals.scorecards! += scorecards.length;
    totals.offers! += offers.length;
    totals.offerEvents! += offerEvents.length;
    totals.activities! += activities.length;
    opts.onProgress?.(totals.applications!);
  }

  const statusEvents: Doc[] = [];
  const stageCountsOf = (i: number) => Object.fromEntries(stages.map((s, k) => [String(s._id), counts[i]![k]!]));
  const jobDocs = jobs.map((j) => {
    const closed = j.closesAt < now - Day;
    const status = !closed ? 'open' : j.i % 3 === 0 ? 'closed' : 'filled';
    const ev = (from: string | null, to: string, at: number) => statusEvents.push({ customerId, entity: 'job', entityId: j._id, jobId: j._id, from, to, at: new Date(at), by: j.recruiter, comment: '', businessUnitId: j.unit, departmentId: j.dept });
    ev(null, 'pending_approval', j.openedAt - 3 * Day);
    ev('pending_approval', 'open', j.openedAt);
    if (j.i % 7 === 0) {
      ev('open', 'on_hold', j.openedAt + 10 * Day);
      ev('on_hold', 'open', j.openedAt + 20 * Day);
    }
    if (closed) ev('open', status, j.closesAt);
    const title = `Report job ${j.i}`;
    return {
      _id: j._id, customerId, title, titleLower: title.toLowerCase(), jobCodeId: null, departmentId: j.dept, businessUnitId: j.unit, locationId: j.loc, headcount: 1 + (j.i % 3), employmentType: 'full_time',
      salaryBand: null, targetStartDate: null, hiringManagerId: j.hm, recruiterIds: [j.recruiter], interviewerIds: [j.hm], followerIds: [], customFields: {}, status, requisitionId: null, description: '', published: status === 'open',
      stages, stageCounts: stageCountsOf(j.i), kindCounts: kindCountsOf(stages, stageCountsOf(j.i)), applicantCount: counts[j.i]!.reduce((a, b) => a + b, 0), memberIds: [j.recruiter, j.hm], createdBy: j.recruiter,
      openedAt: new Date(j.openedAt), createdAt: new Date(j.openedAt - 3 * Day), updatedAt: new Date(j.closesAt), __v: 0,
    };
  });
  await insertChunks(Job.collection, jobDocs);
  await insertChunks(StatusEvent.collection, statusEvents);
  totals.statusEvents = statusEvents.length;
  return { jobIds: jobs.map((j) => j._id), candidateId, counts: totals };
}

async function insertChunks(collection: { insertMany(docs: Doc[], options: { ordered: boolean }): Promise<unknown> }, docs: Doc[], size = 5_000) {
  for (let i = 0; i < docs.length; i += size) await collection.insertMany(docs.slice(i, i + size), { ordered: false });
}
