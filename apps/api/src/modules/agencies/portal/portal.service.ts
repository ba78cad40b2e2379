import { setTimeout as sleep } from 'node:timers/promises';
import { Types } from 'mongoose';
import { AgencyLimits } from '@hireflow/contracts/agencies';
import {
  AgencyPortalMessages,
  type TAgencyColleague,
  type TDuplicateSubmission,
  type TPortalJob,
  type TPortalJobList,
  type TPortalSubmission,
  type TPortalSubmissionList,
  type TPortalSubmitRequest,
} from '@hireflow/contracts/agency-portal';
import { ConsentSources } from '@hireflow/contracts/privacy';
import { coarseStatusOf } from '@hireflow/contracts/referrals';
import type { Logger } from 'pino';
import type { AgencyAuthContext } from '../../../lib/auth';
import { AppError } from '../../../lib/app-error';
import type { Config } from '../../../config';
import { Job, type JobDoc } from '../../jobs/job.model';
import { sanitizeDescription } from '../../jobs/sanitize-description';
import { Location } from '../../org/location.model';
import { Department } from '../../org/department.model';
import { Candidate } from '../../candidates/candidate.model';
import { Application } from '../../candidates/applications/application.model';
import { applyToJob } from '../../candidates/applications/apply.service';
import type { UploadedFile } from '../../files/resume-check';
import { notifyUser } from '../../mail/notify-user';
import { Agency } from '../agency.model';
import { AgencyUser, type AgencyUserDoc } from '../agency-user.model';
import { AgencySubmission, type AgencySubmissionDoc } from '../agency-submission.model';
import { mailAgencyInvite } from '../agency-invite';

const pageSize = AgencyLimits.pageSize;
type PortalCtx = { config: Config; logger: Logger };

const money = (n: number | null | undefined) => Number(n ?? 0).toLocaleString('en-US');

/** The salary band as the careers site words it, e.g. "EUR 60,000 - 80,000 a year". */
function salaryBandText(job: Pick<JobDoc, 'salaryBand'>): string | null {
  const band = job.salaryBand;
  if (!band?.currency || band.min == null || band.max == null) return null;
  return `${band.currency} ${money(band.min)} - ${money(band.max)} a year`;
}

/** The agency's assigned jobs that are open (the only ones it sees or submits to). */
const assignedOpenJobs = (auth: AgencyAuthContext) => ({ customerId: auth.customerId, _id: { $in: auth.agency.jobIds }, status: 'open' as const });

async function submittedCounts(auth: AgencyAuthContext, jobIds: Types.ObjectId[]): Promise<Map<string, number>> {
  const rows = await AgencySubmission.aggregate<{ _id: Types.ObjectId; n: number }>([
    { $match: { customerId: auth.customerId, agencyId: auth.agency._id, jobId: { $in: jobIds } } },
    { $group: { _id: '$jobId', n: { $sum: 1 } } },
  ]);
  return new Map(rows.map((r) => [String(r._id), r.n]));
}

async function presentJobs(auth: AgencyAuthContext, jobs: JobDoc[]): Promise<TPortalJob[]> {
  const ids = (key: 'locationId' | 'departmentId') => [...new Set(jobs.map((j) => j[key]).filter(Boolean).map(String))];
  const [locations, departments, counts] = await Promise.all([
    Location.find({ customerId: auth.customerId, _id: { $in: ids('locationId') } }, { name: 1 }).lean(),
    Department.find({ customerId: auth.customerId, _id: { $in: ids('departmentId') } }, { name: 1 }).lean(),
    submittedCounts(auth, jobs.map((j) => j._id)),
  ]);
  const named = (rows: { _id: Types.ObjectId; name: string }[], id: Types.ObjectId | null | undefined) => {
    const row = id ? rows.find((r) => String(r._id) === String(id)) : undefined;
    return row ? { id: String(row._id), name: row.name } : null;
  };
  return jobs.map((job) => {
    const submitted = counts.get(String(job._id)) ?? 0;
    return {
      id: String(job._id),
      title: job.title,
      location: named(locations, job.locationId),
      department: named(departments, job.departmentId),
      descriptionHtml: sanitizeDescription(job.description ?? ''),
      salaryBand: auth.agency.shareSalary ? salaryBandText(job) : null,
      submitted,
      remaining: Math.max(0, auth.agency.maxCandidatesPerJob - submitted),
    };
  });
}

export async function listPortalJobs({ auth, page }: { auth: AgencyAuthContext; page: number }): Promise<TPortalJobList> {
  const filter = assignedOpenJobs(auth);
  const [jobs, total] = await Promise.all([
    Job.find(filter).sort({ title: 1, _id: 1 }).skip((page - 1) * pageSize).limit(pageSize).lean<JobDoc[]>(),
    Job.countDocuments(filter),
  ]);
  return { items: await presentJobs(auth, jobs), total, page, pageSize };
}

/** One assigned open job; 404 otherwise (the agency learns nothing of the company's other jobs). */
async function findAssignedJob(auth: AgencyAuthContext, jobId: string): Promise<JobDoc | null> {
  if (!auth.agency.jobIds.some((id) => String(id) === jobId)) return null;
  return Job.findOne({ customerId: auth.customerId, _id: jobId, status: 'open' }).lean<JobDoc>();
}

export async function getPortalJob({ auth, jobId }: { auth: AgencyAuthContext; jobId: string }): Promise<TPortalJob> {
  const job = await findAssignedJob(auth, jobId);
  if (!job) throw new AppError('not_found', { message: AgencyPortalMessages.jobNotAssigned, status: 404 });
  return (await presentJobs(auth, [job]))[0]!;
}

/**
 * The agency's submissions (every colleague's), newest first, each with the coarse status of its
 * application: nothing else of the application (no stage names, notes, reasons or scores).
 */
export async function listPortalSubmissions({ auth, page, jobId }: { auth: AgencyAuthContext; page: number; jobId?: string }): Promise<TPortalSubmissionList> {
  const filter = { customerId: auth.customerId, agencyId: auth.agency._id, ...(jobId ? { jobId: new Types.ObjectId(jobId) } : {}) };
  const [rows, total] = await Promise.all([
    AgencySubmission.find(filter).sort({ submittedAt: -1, _id: -1 }).skip((page - 1) * pageSize).limit(pageSize).lean<AgencySubmissionDoc[]>(),
    AgencySubmission.countDocuments(filter),
  ]);
  return { items: await presentSubmissions(auth, rows), total, page, pageSize };
}

async function presentSubmissions(auth: AgencyAuthContext, rows: AgencySubmissionDoc[]): Promise<TPortalSubmission[]> {
  const [applications, jobs, users] = await Promise.all([
    Application.find({ customerId: auth.customerId, _id: { $in: rows.map((r) => r.applicationId) } }, { stageKind: 1, stageId: 1, candidateEmail: 1 }).lean(),
    Job.find({ customerId: auth.customerId, _id: { $in: rows.map((r) => r.jobId) } }, { title: 1, stages: 1 }).lean<JobDoc[]>(),
    AgencyUser.find({ customerId: auth.customerId, agencyId: auth.agency._id, _id: { $in: rows.map((r) => r.agencyUserId) } }, { name: 1 }).lean(),
  ]);
  const byId = <T extends { _id: Types.ObjectId }>(list: T[]) => new Map(list.map((x) => [String(x._id), x]));
  const [appOf, jobOf, userOf] = [byId(applications), byId(jobs), byId(users)];
  return rows.map((row): TPortalSubmission => {
    const application = appOf.get(String(row.applicationId));
    const job = jobOf.get(String(row.jobId));
    const inFirstStage = !!application && !!job && String(job.stages[0]?._id) === String(application.stageId);
    return {
      id: String(row._id),
      candidateName: row.candidateName,
      candidateEmail: application?.candidateEmail || row.emailKey,
      job: { id: String(row.jobId), name: job?.title ?? '' },
      submittedBy: { id: String(row.agencyUserId), name: userOf.get(String(row.agencyUserId))?.name ?? '' },
      submittedAt: row.submittedAt.toISOString(),
      status: application ? coarseStatusOf({ stageKind: application.stageKind, inFirstStage }) : 'received',
    };
  });
}

const monthsAgo = (now: Date, months: number) => {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
};

const duplicate = (message: string, details: TDuplicateSubmission) => AppError.conflict(message, details);

/**
 * The duplicate rules, in order: this agency already submitted the person to this job; another agency
 * submitted them to the company within the ownership period; the person is already the company's
 * candidate within that period (created, or applied to a job, other than through this agency).
 */
async function assertNotDuplicate(auth: AgencyAuthContext, job: JobDoc, emailKey: string, now: Date) {
  const since = monthsAgo(now, AgencyLimits.ownershipMonths);
  const same = await AgencySubmission.findOne({ customerId: auth.customerId, jobId: job._id, emailKey }, { agencyId: 1, submittedAt: 1 }).lean();
  if (same && String(same.agencyId) === String(auth.agency._id)) throw duplicate(AgencyPortalMessages.duplicateSameJob, { firstSubmitter: auth.agency.name, at: same.submittedAt.toISOString() });
  const other = await AgencySubmission.findOne({ customerId: auth.customerId, emailKey, agencyId: { $ne: auth.agency._id }, submittedAt: { $gte: since } }, { agencyId: 1, submittedAt: 1 })
    .sort({ submittedAt: 1 })
    .lean();
  const first = other ?? (same && same.submittedAt >= since ? same : null);
  if (first) {
    const agency = await Agency.findOne({ customerId: auth.customerId, _id: first.agencyId }, { name: 1 }).lean();
    const at = first.submittedAt.toISOString();
    throw duplicate(AgencyPortalMessages.duplicateByAgency(agency?.name ?? 'another agency', at), { firstSubmitter: agency?.name ?? 'another agency', at });
  }
  const candidate = await Candidate.findOne({ customerId: auth.customerId, email: emailKey }, { createdAt: 1, source: 1 }).lean();
  if (!candidate) return;
  const applications = await Application.find({ customerId: auth.customerId, candidateId: candidate._id }, { appliedAt: 1, agencyId: 1 }).sort({ appliedAt: 1 }).lean();
  const ours = (a: { agencyId?: Types.ObjectId | null }) => String(a.agencyId ?? '') === String(auth.agency._id);
  // A candidate this agency brought in is the agency's own, as long as nobody else has touched them since.
  const createdByUs = candidate.source === 'agency' && !!applications[0] && ours(applications[0]);
  const touches = [...(createdByUs ? [] : [candidate.createdAt]), ...applications.filter((a) => !ours(a)).map((a) => a.appliedAt)];
  if (!touches.some((at) => at >= since)) return;
  // "Since" when they entered the database (or, for one this agency brought, since someone else's application).
  const at = (createdByUs ? new Date(Math.min(...touches.map((d) => d.getTime()))) : candidate.createdAt).toISOString();
  throw duplicate(AgencyPortalMessages.duplicateInDatabase(at), { firstSubmitter: null, at });
}

/**
 * Submits a candidate: the agency may (not paused), the job is assigned and open, the per-job limit is not
 * reached, the person is no duplicate; then the application (source "agency") and the submission are
 * written in one transaction, and the job's recruiters are told.
 */
export async function submitCandidate({ ctx, auth, input, resume }: { ctx: PortalCtx; auth: AgencyAuthContext; input: TPortalSubmitRequest; resume: UploadedFile | null }): Promise<TPortalSubmission> {
  if (auth.agency.status !== 'active') throw AppError.forbidden(AgencyPortalMessages.agencyPaused);
  const job = await findAssignedJob(auth, input.jobId);
  if (!job) {
    const assigned = auth.agency.jobIds.some((id) => String(id) === input.jobId);
    throw assigned ? new AppError('not_found', { message: AgencyPortalMessages.jobNotAssigned, status: 404 }) : AppError.forbidden(AgencyPortalMessages.jobNotAssigned);
  }
  const now = new Date();
  const emailKey = input.email.toLowerCase();
  const max = auth.agency.maxCandidatesPerJob;
  if ((await AgencySubmission.countDocuments({ customerId: auth.customerId, agencyId: auth.agency._id, jobId: job._id })) >= max) throw AppError.conflict(AgencyPortalMessages.jobLimitReached(max));
  await assertNotDuplicate(auth, job, emailKey, now);

  const candidateName = `${input.firstName} ${input.lastName}`.trim();
  const submissionId = new Types.ObjectId();
  let applied: { applicationId: Types.ObjectId };
  try {
    applied = await applyToJob({
      customerId: auth.customerId,
      job,
      input: { firstName: input.firstName, lastName: input.lastName, email: emailKey, phone: input.phone || undefined, answers: [] },
      resume,
      source: 'agency',
      at: now,
      origin: { agencyId: auth.agency._id },
      consent: { given: false, source: ConsentSources.submittedBy(auth.agency.name) },
      alsoInTransaction: async (session, { applicationId, candidateId }) => {
        await AgencySubmission.create(
          [{ _id: submissionId, customerId: auth.customerId, agencyId: auth.agency._id, agencyUserId: auth.agencyUser._id, jobId: job._id, candidateId, applicationId, emailKey, candidateName, note: input.note, submittedAt: now }],
          { session },
        );
      },
    });
  } catch (error) {
    // Two colleagues submitting the same person to the job at once: the unique index stops the second.
    if ((error as { status?: number }).status === 409 || (error as { code?: number }).code === 11000) {
      const first = await concurrentSubmission(auth, job, emailKey);
      if (first) {
        if (String(first.agencyId) === String(auth.agency._id)) throw duplicate(AgencyPortalMessages.duplicateSameJob, { firstSubmitter: auth.agency.name, at: first.submittedAt.toISOString() });
        const other = await Agency.findOne({ customerId: auth.customerId, _id: first.agencyId }, { name: 1 }).lean();
        const at = first.submittedAt.toISOString();
        throw duplicate(AgencyPortalMessages.duplicateByAgency(other?.name ?? 'another agency', at), { firstSubmitter: other?.name ?? 'another agency', at });
      }
      // Not an agency's: the person is already on this job another way (the career site, a recruiter), however long ago.
      const at = ((await onJobSince(auth, job, emailKey)) ?? now).toISOString();
      throw duplicate(AgencyPortalMessages.duplicateInDatabase(at), { firstSubmitter: null, at });
    }
    throw error;
  }
  await notifyRecruiters(ctx, auth, job, candidateName, applied.applicationId);
  const stored = await AgencySubmission.findOne({ customerId: auth.customerId, _id: submissionId }).lean<AgencySubmissionDoc>();
  return (await presentSubmissions(auth, [stored!]))[0]!;
}

/**
 * The submission that won a race on the same person: the other transaction may still be committing when
 * ours fails on its unique index, so it is looked for a few times (at most about half a second).
 */
async function concurrentSubmission(auth: AgencyAuthContext, job: JobDoc, emailKey: string) {
  for (let attempt = 0; ; attempt++) {
    const first = await AgencySubmission.findOne({ customerId: auth.customerId, jobId: job._id, emailKey }, { agencyId: 1, submittedAt: 1 }).lean();
    if (first || attempt >= 10) return first;
    await sleep(50);
  }
}

/** When the person already on this job entered the company's database; null when they are not on it. */
async function onJobSince(auth: AgencyAuthContext, job: JobDoc, emailKey: string): Promise<Date | null> {
  const candidate = await Candidate.findOne({ customerId: auth.customerId, email: emailKey }, { createdAt: 1 }).lean();
  if (!candidate) return null;
  const application = await Application.findOne({ customerId: auth.customerId, jobId: job._id, candidateId: candidate._id }, { appliedAt: 1 }).lean();
  return application ? candidate.createdAt : null;
}

async function notifyRecruiters(ctx: PortalCtx, auth: AgencyAuthContext, job: JobDoc, candidateName: string, applicationId: Types.ObjectId) {
  const recipients = job.recruiterIds.length > 0 ? job.recruiterIds : job.hiringManagerId ? [job.hiringManagerId] : [];
  const subject = `${auth.agency.name} submitted ${candidateName} to ${job.title}`;
  for (const userId of recipients) {
    try {
      await notifyUser(ctx, auth.customerId, userId, {
        kind: 'agency-submission',
        subject,
        lines: [`${subject}. The candidate is in the job's first stage; the application:`],
        link: `/application/${String(applicationId)}`,
      });
    } catch (error) {
      // The submission stands; a mail that could not go out is logged, not refused.
      ctx.logger.warn({ err: error, jobId: String(job._id) }, 'agency submission notice not sent');
    }
  }
}

const presentColleague = (u: AgencyUserDoc): TAgencyColleague => ({
  id: String(u._id),
  name: u.name,
  email: u.email,
  status: u.status,
  isContact: u.isContact,
  lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
});

export async function listColleagues({ auth }: { auth: AgencyAuthContext }): Promise<TAgencyColleague[]> {
  const users = await AgencyUser.find({ customerId: auth.customerId, agencyId: auth.agency._id }).sort({ isContact: -1, name: 1 }).lean<AgencyUserDoc[]>();
  return users.map(presentColleague);
}

/** The contact person adds a colleague: an invited account, mailed a link to choose a password. */
export async function addColleague({ ctx, auth, input }: { ctx: PortalCtx; auth: AgencyAuthContext; input: { name: string; email: string } }): Promise<TAgencyColleague> {
  if (!auth.agencyUser.isContact) throw AppError.forbidden(AgencyPortalMessages.onlyContactAddsColleagues);
  const email = input.email.toLowerCase();
  if (await AgencyUser.exists({ customerId: auth.customerId, agencyId: auth.agency._id, email })) throw AppError.conflict(AgencyPortalMessages.colleagueExists);
  let user: AgencyUserDoc;
  try {
    user = (await AgencyUser.create({ customerId: auth.customerId, agencyId: auth.agency._id, name: input.name, email, status: 'invited', isContact: false, addedBy: auth.agencyUser._id })).toObject() as AgencyUserDoc;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) throw AppError.conflict(AgencyPortalMessages.colleagueExists);
    throw error;
  }
  await mailAgencyInvite(ctx, user, auth.agency);
  return presentColleague(user);
}
