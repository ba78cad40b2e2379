import type { Types } from 'mongoose';
import { isAwaitingApproval, manualJobTransitions, type TJobDetail, type TJobSummary } from '@hireflow/contracts/jobs';
import type { UserDoc } from '../users/user.model';
import type { JobDoc } from './job.model';
import { canManageJob } from './jobs.access';
import { requisitionStatusOf } from './job-approval';
import { loadRefs, refOf, refsOf, type RefMaps } from './refs';

type JobRow = Pick<JobDoc, '_id' | 'title' | 'status' | 'departmentId' | 'businessUnitId' | 'locationId' | 'recruiterIds' | 'hiringManagerId' | 'headcount' | 'applicantCount' | 'stages' | 'stageCounts' | 'published' | 'createdAt'>;

export function pipelineOf(job: Pick<JobDoc, 'stages' | 'stageCounts'>) {
  const counts = (job.stageCounts ?? {}) as Record<string, number>;
  return job.stages.map((s) => ({ id: String(s._id), name: s.name, kind: s.kind, count: counts[String(s._id)] ?? 0 }));
}

function summaryOf(job: JobRow, refs: RefMaps): TJobSummary {
  return {
    id: String(job._id),
    title: job.title,
    status: job.status,
    department: refOf(refs.departments, job.departmentId),
    businessUnit: refOf(refs.businessUnits, job.businessUnitId),
    location: refOf(refs.locations, job.locationId),
    recruiters: refsOf(refs.users, job.recruiterIds),
    hiringManager: refOf(refs.users, job.hiringManagerId),
    openings: job.headcount,
    applicantCount: job.applicantCount ?? 0,
    pipeline: pipelineOf(job),
    published: Boolean(job.published),
    createdAt: job.createdAt.toISOString(),
  };
}

export async function presentJobSummaries(customerId: Types.ObjectId, jobs: JobRow[]): Promise<TJobSummary[]> {
  const refs = await loadRefs(customerId, {
    users: jobs.flatMap((j) => [...j.recruiterIds, j.hiringManagerId]),
    departments: jobs.map((j) => j.departmentId),
    businessUnits: jobs.map((j) => j.businessUnitId),
    locations: jobs.map((j) => j.locationId),
  });
  return jobs.map((j) => summaryOf(j, refs));
}

export async function presentJobDetail(customerId: Types.ObjectId, actor: UserDoc, job: JobDoc): Promise<TJobDetail> {
  const refs = await loadRefs(customerId, {
    users: [...job.recruiterIds, job.hiringManagerId, ...job.interviewerIds, ...job.followerIds],
    departments: [job.departmentId],
    businessUnits: [job.businessUnitId],
    locations: [job.locationId],
    jobCodes: [job.jobCodeId],
  });
  const requisitionStatus = await requisitionStatusOf(customerId, job);
  const canManage = canManageJob(actor, job);
  const canEdit = canManage && !isAwaitingApproval(requisitionStatus);
  const code = refOf(refs.jobCodes, job.jobCodeId);
  return {
    ...summaryOf(job, refs),
    employmentType: job.employmentType,
    salaryBand: job.salaryBand ? { min: job.salaryBand.min ?? 0, max: job.salaryBand.max ?? 0, currency: job.salaryBand.currency ?? '' } : null,
    targetStartDate: job.targetStartDate ?? null,
    description: job.description ?? '',
    jobCode: code ? { id: code.id, name: `${code.code} · ${code.title}` } : null,
    requisitionId: job.requisitionId ? String(job.requisitionId) : null,
    interviewers: refsOf(refs.users, job.interviewerIds),
    followers: refsOf(refs.users, job.followerIds),
    customFields: (job.customFields ?? {}) as Record<string, unknown>,
    openedAt: job.openedAt ? job.openedAt.toISOString() : null,
    allowedTransitions: canManage ? [...manualJobTransitions(job.status, requisitionStatus)] : [],
    canEdit,
    updatedAt: job.updatedAt.toISOString(),
  };
}
