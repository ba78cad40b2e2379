import { Types } from 'mongoose';
import type { TApplicationSource } from '@hireflow/contracts/candidates';
import { DefaultRejectionReasons } from '@hireflow/contracts/pipeline';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job, type JobDoc } from '../modules/jobs/job.model';
import { memberIdsOf } from '../modules/jobs/job-records';
import { stageCountChanges } from '../modules/jobs/stage-counts';
import { Candidate } from '../modules/candidates/candidate.model';
import { CandidateActivity } from '../modules/candidates/candidate-activity.model';
import { Application } from '../modules/candidates/applications/application.model';
import { StageEvent } from '../modules/candidates/applications/stage-event.model';
import { rng, weighted } from './seed-random';

export const BusyJobApplicants = 1500;
const Day = 86_400_000;
const Batch = 500;

const Answers = {
  right: 'Do you have the right to work in the EU?',
  years: 'How many years of professional experience do you have?',
  notice: 'What is your notice period?',
  why: 'Why do you want to join us?',
};
const Notice = ['Immediately', '2 weeks', '1 month', '3 months or more'];
const Why = [
  'I have followed your product for years and want to help customers get the most out of it.',
  'Support is where I do my best work: calm under pressure, and I like fixing the root cause.',
  'A friend on your team told me how you work; it sounds like the place I want to grow in.',
  'I want a company that takes customers seriously, and your reviews say you do.',
  '',
];
const Sources: [TApplicationSource, number][] = [['career_site', 0.6], ['referral', 0.12], ['sourced', 0.13], ['agency', 0.1], ['import', 0.05]];

/**
 * A busy board for the demo: one of Acme's open jobs run by the demo recruiter and hiring manager gets
 * 1,500 applicants from the candidate database, most still new (speed screening's queue), the others
 * spread over the later stages or rejected with a reason. Applications, stage events, the job's counts,
 * the candidates' jobs and stage kinds and their timelines agree, as if each had applied and been moved.
 * Bulk inserts only; run after seedCandidates (it picks candidates who applied nowhere yet).
 */
export async function seedBusyJob({ now = new Date(), applicants = BusyJobApplicants }: { now?: Date; applicants?: number } = {}) {
  const acme = await Customer.findOne({ slug: 'acme' }, { _id: 1 }).lean();
  if (!acme) return;
  const customerId = acme._id;
  const [recruiter, hm] = await Promise.all([
    User.findOne({ customerId, email: 'recruiter@acme.test' }, { _id: 1 }).lean(),
    User.findOne({ customerId, email: 'hm@acme.test' }, { _id: 1 }).lean(),
  ]);
  if (!recruiter || !hm) return;
  const job = await pickBusyJob(customerId, recruiter._id, hm._id);
  if (!job || job.applicantCount >= applicants) return;

  const random = rng(29);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const pool = await Candidate.find(
    { customerId, mergedIntoId: null, 'jobIds.0': { $exists: false } },
    { firstName: 1, lastName: 1, email: 1, phone: 1, experienceYears: 1, resumeFileId: 1, resumeFilename: 1, createdAt: 1 },
  )
    .sort({ _id: 1 })
    .limit(applicants)
    .lean();
  const stages = job.stages as (JobDoc['stages'][number] & { _id: Types.ObjectId })[];
  const flow = stages.filter((s) => s.kind !== 'rejected' && s.kind !== 'hired');
  const rejected = stages.find((s) => s.kind === 'rejected');
  if (!flow.length || !rejected) return;

  const opened = Math.max(job.openedAt?.getTime() ?? now.getTime() - 60 * Day, now.getTime() - 60 * Day);
  const applications: Record<string, unknown>[] = [];
  const stageEvents: Record<string, unknown>[] = [];
  const timeline: Record<string, unknown>[] = [];
  const stageCounts: Record<string, number> = {};
  const atCreation = { businessUnitId: job.businessUnitId ?? null, departmentId: job.departmentId ?? null, recruiterIds: job.recruiterIds ?? [], hiringManagerId: job.hiringManagerId ?? null };

  for (const candidate of pool) {
    const appliedAt = new Date(Math.max(opened, candidate.createdAt.getTime()) + random() * (now.getTime() - Math.max(opened, candidate.createdAt.getTime())) * 0.98);
    const applicationId = new Types.ObjectId();
    const source = weighted(random, Sources);
    // Most are still new; a few went on, and about one in six was turned down.
    const r = random();
    const reach = r < 0.62 ? 0 : r < 0.8 ? Math.min(1, flow.length - 1) : r < 0.9 ? Math.min(2, flow.length - 1) : Math.min(3, flow.length - 1);
    const rejectAtEnd = r >= 0.62 && random() < 0.45 ? true : r < 0.62 && random() < 0.12;
    const path = [...flow.slice(0, reach + 1), ...(rejectAtEnd ? [rejected] : [])];
    const reason = rejectAtEnd ? pick(DefaultRejectionReasons) : '';
    const name = `${candidate.firstName} ${candidate.lastName ?? ''}`.trim();
    let at = appliedAt.getTime();
    let from: (typeof stages)[number] | null = null;
    let last = { _id: new Types.ObjectId(), at: appliedAt };
    for (const stage of path) {
      const when = new Date(Math.min(at, now.getTime() - 60_000));
      last = { _id: new Types.ObjectId(), at: when };
      const by = from ? recruiter._id : null;
      stageEvents.push({ _id: last._id, customerId, applicationId, jobId: job._id, candidateId: candidate._id, fromStageId: from?._id ?? null, fromKind: from?.kind ?? null, toStageId: stage._id, toKind: stage.kind, at: when, by, reason: stage.kind === 'rejected' ? reason : '', withdrawn: false, source, daysToHire: null });
      if (from)
        timeline.push({ customerId, candidateId: candidate._id, kind: 'stage_moved', by, at: when, applicationId, jobId: job._id, summary: stage.kind === 'rejected' ? `Rejected on ${job.title}: ${reason}` : `Moved from ${from.name} to ${stage.name} on ${job.title}`, data: { fromStageId: String(from._id), toStageId: String(stage._id), toKind: stage.kind, reason, withdrawn: false } });
      from = stage;
      // Steps fit between applying and today, so later stages were entered days ago, not all "today".
      at += Math.min((0.5 + random() * 5) * Day, (now.getTime() - appliedAt.getTime()) / (path.length + 1));
    }
    const final = from!;
    stageCounts[String(final._id)] = (stageCounts[String(final._id)] ?? 0) + 1;
    const years = candidate.experienceYears ?? Math.floor(random() * 12);
    applications.push({
      _id: applicationId,
      customerId,
      candidateId: candidate._id,
      jobId: job._id,
      stageId: final._id,
      stageKind: final.kind,
      stageEnteredAt: last.at,
      lastStageEventId: last._id,
      rejectionReason: reason,
      rejectedBy: reason ? recruiter._id : null,
      withdrawn: false,
      onHold: false,
      source,
      appliedAt,
      atCreation,
      ownerId: recruiter._id,
      answers:
        source === 'career_site'
          ? [
              { questionId: 'right', label: Answers.right, answer: random() < 0.85 ? 'Yes' : 'No' },
              { questionId: 'years', label: Answers.years, answer: String(years) },
              { questionId: 'notice', label: Answers.notice, answer: pick(Notice) },
              { questionId: 'why', label: Answers.why, answer: pick(Why) },
            ]
          : [],
      candidateName: name,
      candidateEmail: candidate.email ?? '',
      candidatePhone: candidate.phone ?? '',
      // The résumé in their profile is the one they sent (readable by whoever sees them through this job).
      resumeFileId: candidate.resumeFileId ?? null,
      resumeFilename: candidate.resumeFilename ?? '',
      createdAt: appliedAt,
      updatedAt: last.at,
    });
    timeline.push({ customerId, candidateId: candidate._id, kind: 'applied', by: null, at: appliedAt, applicationId, jobId: job._id, summary: `Applied to ${job.title}`, data: { source } });
  }

  for (let i = 0; i < applications.length; i += Batch) await Application.insertMany(applications.slice(i, i + Batch), { timestamps: false, lean: true });
  for (let i = 0; i < stageEvents.length; i += Batch) await StageEvent.insertMany(stageEvents.slice(i, i + Batch), { lean: true });
  for (let i = 0; i < timeline.length; i += Batch) await CandidateActivity.insertMany(timeline.slice(i, i + Batch), { lean: true });
  // The pool applied nowhere before, so each candidate's jobs and stage kinds are exactly this application's.
  const byKind = new Map<string, Types.ObjectId[]>();
  for (const a of applications) byKind.set(a.stageKind as string, [...(byKind.get(a.stageKind as string) ?? []), a.candidateId as Types.ObjectId]);
  for (const [kind, ids] of byKind) await Candidate.updateMany({ customerId, _id: { $in: ids } }, { $set: { jobIds: [job._id], stageKinds: [kind], lastActivityAt: now } });
  const inc = stageCountChanges(stages.map((stage) => ({ stage, by: stageCounts[String(stage._id)] ?? 0 })));
  await Job.updateOne({ customerId, _id: job._id }, { $inc: { ...inc, applicantCount: applications.length } });
}

/** The open job the demo recruiter runs with the demo hiring manager (the most recently opened), made sure to be theirs. */
async function pickBusyJob(customerId: Types.ObjectId, recruiterId: Types.ObjectId, hmId: Types.ObjectId) {
  const both = await Job.findOne({ customerId, status: 'open', recruiterIds: recruiterId, hiringManagerId: hmId }).sort({ openedAt: -1 }).lean();
  if (both) return both as JobDoc;
  const any = (await Job.findOne({ customerId, status: 'open' }).sort({ openedAt: -1 }).lean()) as JobDoc | null;
  if (!any) return null;
  const team = { ...any, recruiterIds: [...(any.recruiterIds ?? []), recruiterId], hiringManagerId: hmId };
  await Job.updateOne({ customerId, _id: any._id }, { $set: { recruiterIds: team.recruiterIds, hiringManagerId: hmId, memberIds: memberIdsOf(team) } });
  return { ...any, ...team, memberIds: memberIdsOf(team) } as JobDoc;
}
