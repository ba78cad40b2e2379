import { Types } from 'mongoose';
import {
  JobApprovalMessages,
  JobStatusLabels,
  ManualJobTransitions,
  isAwaitingApproval,
  canTransitionJob,
  type TChangeJobStatusRequest,
  type TCreateJobRequest,
  type TJobActivity,
  type TJobList,
  type TJobStatus,
  type TJobListQuery,
  type TUpdateJobRequest,
} from '@hireflow/contracts/jobs';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { JobCode } from '../org/job-code.model';
import { Job, type JobDoc } from './job.model';
import { JobActivity } from './job-activity.model';
import { canCreateJobDirectly, canManageJob, canSeeAllJobs, canViewJob } from './jobs.access';
import { assertCompanyUsers, assertOrgRefs, loadRefs, refOf } from './refs';
import { createJobRecord, positionFromInput } from './job-factory';
import { memberIdsOf, recordJobActivity, recordJobStatus } from './job-records';
import { moveInterviewTalliesToManager } from '../reports/interviews/interview-tallies';
import { sanitizeDescription } from './sanitize-description';
import { withTransaction } from './with-transaction';
import { requisitionStatusOf } from './job-approval';
import { checkJobCodeRoom } from './job-code-headcount';
import { presentJobDetail, presentJobSummaries } from './jobs.presenter';
import { assertCustomFieldValues } from '../org/custom-field-values';
import { cutOffWhenGone } from '../../lib/client-gone';

type Base = { customerId: Types.ObjectId; actor: UserDoc };

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Single-key sorts, each served by a { customerId, <key> } index. (An _id tie-breaker would make the
// embedded database sort in memory; see the bench notes.)
const sorts = {
  newest: { createdAt: -1 },
  oldest: { createdAt: 1 },
  title: { titleLower: 1 },
  applicants: { applicantCount: -1 },
} as const;

/** /jobs/mine and /jobs/all: filtered, sorted and paged in the database; pipeline counts come from the job itself. */
export async function listJobs({ customerId, actor, query, signal }: Base & { query: TJobListQuery; signal?: AbortSignal }): Promise<TJobList> {
  if (query.scope === 'all' && !canSeeAllJobs(actor)) throw AppError.forbidden('Employees see the jobs they are part of (My jobs)');
  const filter: Record<string, unknown> = { customerId };
  if (query.scope === 'mine') filter.memberIds = actor._id;
  if (query.status) filter.status = query.status;
  if (query.departmentId) filter.departmentId = new Types.ObjectId(query.departmentId);
  if (query.businessUnitId) filter.businessUnitId = new Types.ObjectId(query.businessUnitId);
  if (query.locationId) filter.locationId = new Types.ObjectId(query.locationId);
  if (query.recruiterId) filter.recruiterIds = new Types.ObjectId(query.recruiterId);
  if (query.q) filter.titleLower = { $regex: escapeRegex(query.q.toLowerCase()) };

  const projection = { title: 1, status: 1, departmentId: 1, businessUnitId: 1, locationId: 1, recruiterIds: 1, hiringManagerId: 1, headcount: 1, applicantCount: 1, stages: 1, stageCounts: 1, published: 1, createdAt: 1 };
  const [rows, total] = await Promise.all([
    Job.find(filter, projection).sort(sorts[query.sort]).skip((query.page - 1) * query.pageSize).limit(query.pageSize).setOptions(cutOffWhenGone(signal)).lean<JobDoc[]>(),
    Job.countDocuments(filter).setOptions(cutOffWhenGone(signal)),
  ]);
  return { items: await presentJobSummaries(customerId, rows), total, page: query.page, pageSize: query.pageSize };
}

/** A job of the caller's company that the caller may see; another company's id is a plain 404. */
export async function loadVisibleJob(customerId: Types.ObjectId, actor: UserDoc, id: string): Promise<JobDoc> {
  const job = await Job.findOne({ customerId, _id: id }).lean<JobDoc>();
  if (!job) throw AppError.notFound('Job');
  if (!canViewJob(actor, job)) throw AppError.forbidden('You are not on the hiring team of this job');
  return job;
}

export async function getJob({ customerId, actor, id }: Base & { id: string }) {
  return presentJobDetail(customerId, actor, await loadVisibleJob(customerId, actor, id));
}

async function checkTeam(customerId: Types.ObjectId, team: TCreateJobRequest['team']) {
  await assertCompanyUsers(customerId, 'team.hiringManagerId', team.hiringManagerId ? [team.hiringManagerId] : []);
  await assertCompanyUsers(customerId, 'team.recruiterIds', team.recruiterIds);
  await assertCompanyUsers(customerId, 'team.interviewerIds', team.interviewerIds);
  await assertCompanyUsers(customerId, 'team.followerIds', team.followerIds);
}

/** A recruiter opens a job without a requisition (it starts as a draft). */
export async function createJob({ customerId, actor, input }: Base & { input: TCreateJobRequest }) {
  if (!canCreateJobDirectly(actor)) throw AppError.forbidden('Only recruiters and admins create jobs directly; hiring managers raise a requisition');
  await assertOrgRefs(customerId, input);
  await checkTeam(customerId, input.team);
  await assertCustomFieldValues(customerId, 'job', input.customFields);
  const position = positionFromInput(input);
  if (position.recruiterIds.length === 0 && actor.role === 'recruiter') position.recruiterIds = [actor._id];
  const job = await withTransaction((session) =>
    createJobRecord({ customerId, actorId: actor._id, position, status: 'draft', description: sanitizeDescription(input.description), published: input.published, session }),
  );
  return getJob({ customerId, actor, id: String(job._id) });
}

const fieldLabels: Record<string, string> = {
  title: 'title', departmentId: 'department', businessUnitId: 'business unit', locationId: 'location', headcount: 'openings',
  employmentType: 'employment type', salaryBand: 'salary band', targetStartDate: 'target start date', description: 'description',
  published: 'career-site listing', team: 'hiring team', customFields: 'custom fields',
};

export async function updateJob({ customerId, actor, id, input }: Base & { id: string; input: TUpdateJobRequest }) {
  const job = await loadVisibleJob(customerId, actor, id);
  if (!canManageJob(actor, job)) throw AppError.forbidden('Only the job owners, its hiring manager and admins can change this job');
  if (isAwaitingApproval(await requisitionStatusOf(customerId, job))) throw AppError.conflict(JobApprovalMessages.editLocked);
  await assertOrgRefs(customerId, { departmentId: input.departmentId, businessUnitId: input.businessUnitId, locationId: input.locationId });
  if (input.team) await checkTeam(customerId, input.team);
  // The values sent replace the job's custom fields, so they are checked as the whole set.
  if (input.customFields !== undefined) await assertCustomFieldValues(customerId, 'job', input.customFields);

  // A closed job holds no openings of its code, so changing its openings uses none either.
  const headcountDelta = holdsHeadcount(job.status) ? (input.headcount ?? job.headcount) - job.headcount : 0;
  const headcountNote = await checkJobCodeHeadcount(customerId, job, headcountDelta, input.headcountJustification, `this job needs ${headcountDelta} more`);

  const set: Record<string, unknown> = {};
  const oid = (v: string | null) => (v ? new Types.ObjectId(v) : null);
  if (input.title !== undefined) Object.assign(set, { title: input.title, titleLower: input.title.toLowerCase() });
  if (input.departmentId !== undefined) set.departmentId = oid(input.departmentId);
  if (input.businessUnitId !== undefined) set.businessUnitId = oid(input.businessUnitId);
  if (input.locationId !== undefined) set.locationId = oid(input.locationId);
  for (const key of ['headcount', 'employmentType', 'salaryBand', 'targetStartDate', 'published', 'customFields'] as const) {
    if (input[key] !== undefined) set[key] = input[key];
  }
  if (input.description !== undefined) set.description = sanitizeDescription(input.description);
  if (input.team) {
    const team = {
      hiringManagerId: oid(input.team.hiringManagerId),
      recruiterIds: input.team.recruiterIds.map((x) => new Types.ObjectId(x)),
      interviewerIds: input.team.interviewerIds.map((x) => new Types.ObjectId(x)),
      followerIds: input.team.followerIds.map((x) => new Types.ObjectId(x)),
    };
    Object.assign(set, team, { memberIds: memberIdsOf({ ...team, createdBy: job.createdBy }) });
  }
  const changed = Object.keys(input)
    .filter((k) => k in fieldLabels)
    .map((k) => {
      // Short values say what they became; long or structured ones only that they changed.
      if (k === 'title') return `title from "${job.title}" to "${input.title}"`;
      if (k === 'headcount') return `openings from ${job.headcount} to ${input.headcount}${headcountNote ? ` (${headcountNote})` : ''}`;
      if (k === 'published') return input.published ? 'career-site listing (now listed)' : 'career-site listing (now unlisted)';
      return fieldLabels[k];
    });
  await withTransaction(async (session) => {
    await Job.updateOne({ customerId, _id: job._id }, { $set: set }, { session });
    // Interview report figures per hiring manager follow the job to its new manager.
    if (input.team) await moveInterviewTalliesToManager(customerId, job._id, job.hiringManagerId ?? null, set.hiringManagerId as Types.ObjectId | null, session);
    if (headcountDelta !== 0 && countsAgainstJobCode(job)) {
      await JobCode.updateOne({ customerId, _id: job.jobCodeId }, { $inc: { usedHeadcount: headcountDelta } }, { session });
    }
    await recordJobActivity({ customerId, by: actor._id, session }, job._id, 'updated', `Changed ${changed.join(', ')}`);
  });
  return getJob({ customerId, actor, id });
}

/** A requisition's job uses its job code's headcount from approval on (direct jobs never have). */
const countsAgainstJobCode = (job: JobDoc) => Boolean(job.jobCodeId && job.requisitionId);

/** Statuses in which such a job holds its openings of the job code; closing gives them back, reopening takes them again. */
const holdsHeadcount = (status: TJobStatus) => status === 'open' || status === 'on_hold' || status === 'filled';

/** Taking `more` openings of a requisition job's code: beyond what is left they need a justification, noted in the history. */
async function checkJobCodeHeadcount(customerId: Types.ObjectId, job: JobDoc, more: number, justification: string | undefined, why: string): Promise<string> {
  if (!countsAgainstJobCode(job)) return '';
  const beyond = await checkJobCodeRoom(customerId, job.jobCodeId!, more, justification, why);
  return beyond ? `beyond the approved headcount of job code ${beyond}: ${justification}` : '';
}

/** Every status change a person makes goes through the one transition table in contracts. */
export async function changeJobStatus({ customerId, actor, id, input }: Base & { id: string; input: TChangeJobStatusRequest }) {
  const job = await loadVisibleJob(customerId, actor, id);
  if (!canManageJob(actor, job)) throw AppError.forbidden('Only the job owners, its hiring manager and admins can change the status of this job');
  const from = job.status;
  const to = input.status;
  if (from === to) throw AppError.conflict(`The job is already ${JobStatusLabels[to].toLowerCase()}`);
  if (isAwaitingApproval(await requisitionStatusOf(customerId, job))) throw AppError.conflict(JobApprovalMessages.statusLocked);
  if (!canTransitionJob(from, to) || !ManualJobTransitions[from].includes(to)) {
    const allowed = ManualJobTransitions[from].map((s) => JobStatusLabels[s].toLowerCase());
    const hint = allowed.length ? `it can go to: ${allowed.join(', ')}` : 'its approval chain decides what comes next';
    throw AppError.conflict(`A job that is ${JobStatusLabels[from].toLowerCase()} cannot become ${JobStatusLabels[to].toLowerCase()}; ${hint}`);
  }
  const taken = countsAgainstJobCode(job) ? (holdsHeadcount(to) ? job.headcount : 0) - (holdsHeadcount(from) ? job.headcount : 0) : 0;
  const headcountNote = await checkJobCodeHeadcount(customerId, job, taken, input.headcountJustification, `reopening this job needs ${taken}`);
  await withTransaction(async (session) => {
    const updated = await Job.updateOne(
      { customerId, _id: job._id, status: from },
      { $set: { status: to, ...(to === 'open' && !job.openedAt ? { openedAt: new Date() } : {}) } },
      { session },
    );
    if (updated.matchedCount === 0) throw AppError.conflict('The job changed meanwhile; reload it and try again');
    if (taken !== 0) await JobCode.updateOne({ customerId, _id: job.jobCodeId }, { $inc: { usedHeadcount: taken } }, { session });
    const comment = [input.comment, headcountNote].filter(Boolean).join('; ');
    await recordJobStatus({ customerId, by: actor._id, session }, job, from, to, comment);
  });
  return getJob({ customerId, actor, id });
}

export async function listJobActivity({ customerId, actor, id }: Base & { id: string }): Promise<{ items: TJobActivity[] }> {
  const job = await loadVisibleJob(customerId, actor, id);
  const rows = await JobActivity.find({ customerId, jobId: job._id }).sort({ at: -1 }).limit(200).lean();
  const refs = await loadRefs(customerId, { users: rows.map((r) => r.by) });
  return {
    items: rows.map((r) => ({ id: String(r._id), at: r.at.toISOString(), by: refOf(refs.users, r.by), action: r.action, summary: r.summary })),
  };
}
