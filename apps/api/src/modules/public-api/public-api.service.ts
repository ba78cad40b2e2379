import { Types } from 'mongoose';
import { presentCandidateSummary } from '../candidates/candidate-summary';
import { CandidateProfileMessages, JobStatusesOpenForCandidates, type TUpdateCandidateParsed } from '@hireflow/contracts/candidates-profile';
import type { TCandidateFieldsParsed } from '@hireflow/contracts/candidates';
import type { TJobStatus } from '@hireflow/contracts/jobs';
import type {
  TPublicApplication,
  TPublicApplicationListQuery,
  TPublicCandidate,
  TPublicCandidateListQuery,
  TPublicCreateApplicationParsed,
  TPublicJob,
  TPublicJobList,
  TPublicJobListQuery,
  TPublicMoveApplication,
} from '@hireflow/contracts/public-api';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { User } from '../users/user.model';
import { Job, type JobDoc } from '../jobs/job.model';
import { canSeeAllJobs, canViewJob } from '../jobs/jobs.access';
import { Department } from '../org/department.model';
import { Location } from '../org/location.model';
import { Candidate, type CandidateDoc } from '../candidates/candidate.model';
import { candidateViewOf, findVisibleCandidate, visibleCandidatesFilter } from '../candidates/candidates.access';
import { addCandidate } from '../candidates/intake/intake.service';
import { updateProfile } from '../candidates/profile/profile.service';
import { addCandidateToJob } from '../candidates/profile/add-to-job.service';
import { Application, type ApplicationDoc } from '../candidates/applications/application.model';
import { applyToJob } from '../candidates/applications/apply.service';
import { StageEvent } from '../candidates/applications/stage-event.model';
import { moveApplication } from '../pipeline/move/move-application';

/**
 * The public API's reads and changes. A key acts as its creator: it sees what that user sees and changes
 * what that user may change, through the same services the app uses (their rules, histories and events).
 */
export type ApiCaller = { user: UserDoc; customerId: Types.ObjectId };

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : '');

/** Newest first by id; one row more than asked says whether there is a next page. */
async function pageOf<T extends { _id: Types.ObjectId }>(rows: T[], limit: number) {
  const more = rows.length > limit;
  const data = more ? rows.slice(0, limit) : rows;
  return { data, nextCursor: more ? String(data[data.length - 1]!._id) : null };
}

const cursorFilter = (cursor?: string) => (cursor ? { _id: { $lt: new Types.ObjectId(cursor) } } : {});

// ---- Jobs -------------------------------------------------------------------------------------

/** Plain employees see the jobs they are on; everyone else every job of the company (jobs.access). */
const visibleJobsFilter = (caller: ApiCaller) => ({ customerId: caller.customerId, ...(canSeeAllJobs(caller.user) ? {} : { memberIds: caller.user._id }) });

async function presentJobs(customerId: Types.ObjectId, jobs: JobDoc[]): Promise<TPublicJob[]> {
  const ids = (key: 'departmentId' | 'locationId') => [...new Set(jobs.map((j) => j[key]).filter(Boolean).map(String))].map((id) => new Types.ObjectId(id));
  const [departments, locations] = await Promise.all([
    Department.find({ customerId, _id: { $in: ids('departmentId') } }, { name: 1 }).lean(),
    Location.find({ customerId, _id: { $in: ids('locationId') } }, { name: 1 }).lean(),
  ]);
  const names = new Map([...departments, ...locations].map((d) => [String(d._id), d.name as string]));
  return jobs.map((job) => {
    const counts = (job.stageCounts ?? {}) as Record<string, number>;
    return {
      id: String(job._id),
      title: job.title,
      status: job.status as TJobStatus,
      published: Boolean(job.published),
      headcount: job.headcount ?? 1,
      department: job.departmentId ? (names.get(String(job.departmentId)) ?? null) : null,
      location: job.locationId ? (names.get(String(job.locationId)) ?? null) : null,
      applicantCount: job.applicantCount ?? 0,
      stages: job.stages.map((s) => ({ id: String(s._id), name: s.name, kind: s.kind, count: counts[String(s._id)] ?? 0 })),
      createdAt: iso((job as { createdAt?: Date }).createdAt),
    };
  });
}

export async function listPublicJobs(caller: ApiCaller, query: TPublicJobListQuery): Promise<TPublicJobList> {
  const filter = { ...visibleJobsFilter(caller), ...(query.status ? { status: query.status } : {}), ...cursorFilter(query.cursor) };
  const rows = await Job.find(filter).sort({ _id: -1 }).limit(query.limit + 1).lean<JobDoc[]>();
  const { data, nextCursor } = await pageOf(rows, query.limit);
  return { data: await presentJobs(caller.customerId, data), nextCursor };
}

/** A job the caller sees; another company's, or one the creator is not on, is a plain 404. */
async function loadJob(caller: ApiCaller, id: string): Promise<JobDoc> {
  const job = (await Job.findOne({ customerId: caller.customerId, _id: new Types.ObjectId(id) }).lean()) as JobDoc | null;
  if (!job || !canViewJob(caller.user, job)) throw AppError.notFound('Job');
  return job;
}

export async function getPublicJob(caller: ApiCaller, id: string): Promise<TPublicJob> {
  const [job] = await presentJobs(caller.customerId, [await loadJob(caller, id)]);
  return job!;
}

// ---- Candidates -------------------------------------------------------------------------------

/** The app's candidate summary (one presenter for both), without what only the app's lists need. */
function presentCandidate(c: CandidateDoc): TPublicCandidate {
  const { pinned: _pinned, lastActivityAt: _lastActivity, ...summary } = presentCandidateSummary(c, false);
  return {
    ...summary,
    source: c.source as TPublicCandidate['source'],
    jobIds: (c.jobIds ?? []).map(String),
    updatedAt: iso((c as { updatedAt?: Date }).updatedAt),
  };
}

export async function listPublicCandidates(caller: ApiCaller, query: TPublicCandidateListQuery) {
  const view = await candidateViewOf(caller);
  const filter = { ...visibleCandidatesFilter(caller.customerId, view), ...(query.email ? { email: query.email } : {}), ...cursorFilter(query.cursor) };
  const rows = (await Candidate.find(filter).sort({ _id: -1 }).limit(query.limit + 1).lean()) as CandidateDoc[];
  const { data, nextCursor } = await pageOf(rows, query.limit);
  return { data: data.map(presentCandidate), nextCursor };
}

export async function getPublicCandidate(caller: ApiCaller, id: string): Promise<TPublicCandidate> {
  const { candidate } = await findVisibleCandidate(caller, id);
  return presentCandidate(candidate);
}

/** The add-candidate form's path (source "sourced", duplicates by email refused with 409). */
export async function createPublicCandidate(caller: ApiCaller, fields: TCandidateFieldsParsed): Promise<TPublicCandidate> {
  const summary = await addCandidate(caller, fields);
  return getPublicCandidate(caller, summary.id);
}

/** The profile's edit (only what changed is written and put on the timeline). */
export async function updatePublicCandidate(caller: ApiCaller, id: string, input: TUpdateCandidateParsed): Promise<TPublicCandidate> {
  await updateProfile(caller, id, input);
  return getPublicCandidate(caller, id);
}

// ---- Applications -----------------------------------------------------------------------------

async function visibleJobIds(caller: ApiCaller): Promise<Types.ObjectId[] | null> {
  if (canSeeAllJobs(caller.user)) return null;
  return (await Job.find({ customerId: caller.customerId, memberIds: caller.user._id }, { _id: 1 }).lean()).map((j) => j._id);
}

async function presentApplications(caller: ApiCaller, rows: ApplicationDoc[], withHistory: boolean): Promise<TPublicApplication[]> {
  const customerId = caller.customerId;
  const jobs = await Job.find({ customerId, _id: { $in: [...new Set(rows.map((a) => String(a.jobId)))].map((id) => new Types.ObjectId(id)) } }, { stages: 1 }).lean();
  const stageNames = new Map(jobs.flatMap((j) => j.stages.map((s) => [String(s._id), s.name] as const)));
  const events = withHistory ? await StageEvent.find({ customerId, applicationId: { $in: rows.map((a) => a._id) } }).sort({ at: 1, _id: 1 }).lean() : [];
  const userIds = [...new Set(events.map((e) => (e.by ? String(e.by) : '')).filter(Boolean))].map((id) => new Types.ObjectId(id));
  const users = userIds.length ? await User.find({ customerId, _id: { $in: userIds } }, { firstName: 1, lastName: 1 }).lean() : [];
  const userNames = new Map(users.map((u) => [String(u._id), `${u.firstName} ${u.lastName}`.trim()]));
  return rows.map((a) => ({
    id: String(a._id),
    jobId: String(a.jobId),
    candidateId: String(a.candidateId),
    stage: { id: String(a.stageId), name: stageNames.get(String(a.stageId)) ?? '', kind: a.stageKind as TPublicApplication['stage']['kind'] },
    source: a.source as TPublicApplication['source'],
    appliedAt: iso(a.appliedAt),
    stageEnteredAt: iso(a.stageEnteredAt),
    rejectionReason: a.rejectionReason ?? '',
    withdrawn: Boolean(a.withdrawn),
    history: events
      .filter((e) => e.applicationId.equals(a._id))
      .map((e) => ({
        fromStage: e.fromStageId ? (stageNames.get(String(e.fromStageId)) ?? '') : null,
        toStage: stageNames.get(String(e.toStageId)) ?? '',
        toKind: e.toKind as TPublicApplication['stage']['kind'],
        at: iso(e.at),
        by: e.by ? { id: String(e.by), name: userNames.get(String(e.by)) ?? '' } : null,
        reason: e.reason ?? '',
      })),
  }));
}

export async function listPublicApplications(caller: ApiCaller, query: TPublicApplicationListQuery) {
  const jobIds = await visibleJobIds(caller);
  const filter: Record<string, unknown> = { customerId: caller.customerId, ...cursorFilter(query.cursor) };
  if (query.jobId) filter.jobId = new Types.ObjectId(query.jobId);
  if (query.candidateId) filter.candidateId = new Types.ObjectId(query.candidateId);
  if (jobIds) filter.jobId = query.jobId ? (jobIds.some((j) => j.equals(query.jobId!)) ? filter.jobId : { $in: [] }) : { $in: jobIds };
  const rows = (await Application.find(filter).sort({ _id: -1 }).limit(query.limit + 1).lean()) as ApplicationDoc[];
  const { data, nextCursor } = await pageOf(rows, query.limit);
  const presented = await presentApplications(caller, data, false);
  return { data: presented.map(({ history: _history, ...rest }) => rest), nextCursor };
}

export async function getPublicApplication(caller: ApiCaller, id: string): Promise<TPublicApplication> {
  const application = (await Application.findOne({ customerId: caller.customerId, _id: new Types.ObjectId(id) }).lean()) as ApplicationDoc | null;
  if (!application) throw AppError.notFound('Application');
  const jobIds = await visibleJobIds(caller);
  if (jobIds && !jobIds.some((j) => j.equals(application.jobId))) throw AppError.notFound('Application');
  const [presented] = await presentApplications(caller, [application], true);
  return presented!;
}

const OpenForCandidates: ReadonlySet<TJobStatus> = new Set(JobStatusesOpenForCandidates);

/**
 * A person applies to a job as on the career site (applyToJob: found or created by email, first stage,
 * automations), or an existing candidate is added to it as from their profile (addCandidateToJob).
 */
export async function createPublicApplication(caller: ApiCaller, input: TPublicCreateApplicationParsed): Promise<TPublicApplication> {
  if (input.candidateId) {
    const { applicationId } = await addCandidateToJob(caller, input.candidateId, input.jobId);
    return getPublicApplication(caller, applicationId);
  }
  const job = await loadJob(caller, input.jobId);
  if (!OpenForCandidates.has(job.status as TJobStatus)) throw AppError.conflict(CandidateProfileMessages.jobNotOpen);
  const applicant = input.candidate!;
  const { applicationId } = await applyToJob({
    customerId: caller.customerId,
    job,
    input: { firstName: applicant.firstName, lastName: applicant.lastName, email: applicant.email, phone: applicant.phone || undefined, answers: input.answers },
    resume: null,
    source: input.source,
  });
  return getPublicApplication(caller, String(applicationId));
}

/** Moves an application to a stage of its job named by id or by name, through the one move of the app. */
export async function movePublicApplication(caller: ApiCaller, id: string, input: TPublicMoveApplication): Promise<TPublicApplication> {
  const application = await getPublicApplication(caller, id);
  let stageId = input.stageId;
  if (!stageId) {
    const job = await loadJob(caller, application.jobId);
    const wanted = input.stageName!.trim().toLowerCase();
    const stage = job.stages.find((s) => s.name.trim().toLowerCase() === wanted);
    if (!stage) throw AppError.badRequest(`This job has no stage named "${input.stageName}"`, [{ path: 'stageName', message: `must be one of: ${job.stages.map((s) => s.name).join(', ')}` }]);
    stageId = String(stage._id);
  }
  await moveApplication({ customerId: caller.customerId, actor: caller.user, applicationId: id, input: { stageId, reason: input.reason, withdrawn: input.withdrawn } });
  return getPublicApplication(caller, id);
}
