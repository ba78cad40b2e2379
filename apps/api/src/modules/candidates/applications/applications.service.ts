import type { Types } from 'mongoose';
import type { TJobApplicantList } from '@hireflow/contracts/candidates';
import type { JobDoc } from '../../jobs/job.model';
import { Application } from './application.model';
import { Candidate } from '../candidate.model';

const PageSize = 50;

/** The applicants of one job, newest first, paged in the database. */
export async function listJobApplicants({ customerId, job, page }: { customerId: Types.ObjectId; job: JobDoc; page: number }): Promise<TJobApplicantList> {
  const filter = { customerId, jobId: job._id };
  const [rows, total] = await Promise.all([
    Application.find(filter).sort({ appliedAt: -1, _id: -1 }).skip((page - 1) * PageSize).limit(PageSize).lean(),
    Application.countDocuments(filter),
  ]);
  const candidates = await Candidate.find({ customerId, _id: { $in: rows.map((a) => a.candidateId) } }, { phone: 1 }).lean();
  const phones = new Map(candidates.map((c) => [String(c._id), c.phone ?? '']));
  const stages = new Map(job.stages.map((s) => [String(s._id), { id: String(s._id), name: s.name, kind: s.kind }]));
  return {
    items: rows.map((a) => ({
      applicationId: String(a._id),
      candidateId: String(a.candidateId),
      name: a.candidateName,
      email: a.candidateEmail,
      phone: a.candidatePhone || (phones.get(String(a.candidateId)) ?? ''),
      answers: (a.answers ?? []).map((x) => ({ label: x.label ?? '', answer: x.answer ?? '' })),
      stage: stages.get(String(a.stageId)) ?? { id: String(a.stageId), name: 'Unknown stage', kind: a.stageKind },
      source: a.source,
      appliedAt: a.appliedAt.toISOString(),
      resume: a.resumeFileId ? { fileId: String(a.resumeFileId), filename: a.resumeFilename || 'resume' } : null,
      rejectionReason: a.rejectionReason ?? '',
      withdrawn: Boolean(a.withdrawn),
    })),
    total,
    page,
    pageSize: PageSize,
  };
}
