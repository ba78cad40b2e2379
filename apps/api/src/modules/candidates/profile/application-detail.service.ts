import { Types } from 'mongoose';
import type { TApplicationDetail } from '@hireflow/contracts/candidates-profile';
import { AppError } from '../../../lib/app-error';
import { Job } from '../../jobs/job.model';
import { canViewJob } from '../../jobs/jobs.access';
import { Application } from '../applications/application.model';
import { StageEvent } from '../applications/stage-event.model';
import { Candidate } from '../candidate.model';
import type { Caller } from './profile.service';
import { applicationOrigin } from './application-origin';
import { refOf, userNames } from './profile-names';

/** One application in the context of its job, for whoever may see that job (404 otherwise). */
export async function getApplicationDetail(auth: Caller, id: string): Promise<TApplicationDetail> {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Application');
  const application = await Application.findOne({ customerId: auth.customerId, _id: new Types.ObjectId(id) }).lean();
  if (!application) throw AppError.notFound('Application');
  const job = await Job.findOne({ customerId: auth.customerId, _id: application.jobId }, { title: 1, status: 1, stages: 1, memberIds: 1, recruiterIds: 1, hiringManagerId: 1 }).lean();
  if (!job || !canViewJob(auth.user, job)) throw AppError.notFound('Application');
  const [events, candidate, origin] = await Promise.all([
    StageEvent.find({ customerId: auth.customerId, applicationId: application._id }).sort({ at: 1, _id: 1 }).lean(),
    Candidate.findOne({ customerId: auth.customerId, _id: application.candidateId }, { firstName: 1, lastName: 1, email: 1, phone: 1 }).lean(),
    applicationOrigin(auth.customerId, application),
  ]);
  const users = await userNames(auth.customerId, [...events.map((e) => e.by), application.ownerId]);
  const stages = job.stages.map((s) => ({ id: String(s._id), name: s.name, kind: s.kind }));
  const stageOf = (stageId: Types.ObjectId, kind: string) => stages.find((s) => s.id === String(stageId)) ?? { id: String(stageId), name: 'Removed stage', kind: kind as TApplicationDetail['stages'][number]['kind'] };
  return {
    id: String(application._id),
    candidate: {
      id: String(application.candidateId),
      name: application.candidateName || (candidate ? `${candidate.firstName} ${candidate.lastName ?? ''}`.trim() : ''),
      email: application.candidateEmail || (candidate?.email ?? ''),
      phone: application.candidatePhone || (candidate?.phone ?? ''),
    },
    job: { id: String(job._id), title: job.title, status: job.status },
    stages,
    currentStageId: String(application.stageId),
    history: events.map((e) => ({
      from: e.fromStageId ? stageOf(e.fromStageId, e.fromKind ?? 'screening') : null,
      to: stageOf(e.toStageId, e.toKind),
      at: e.at.toISOString(),
      by: refOf(users, e.by),
      reason: e.reason ?? '',
    })),
    answers: (application.answers ?? []).map((a) => ({ label: a.label ?? '', answer: a.answer ?? '' })),
    resume: application.resumeFileId ? { fileId: String(application.resumeFileId), filename: application.resumeFilename || 'resume' } : null,
    source: application.source,
    appliedAt: application.appliedAt.toISOString(),
    withdrawn: application.withdrawn ?? false,
    rejectionReason: application.rejectionReason ?? '',
    owner: refOf(users, application.ownerId),
    origin,
  };
}
