import type { TStageKind } from '@hireflow/contracts/jobs';
import { Types } from 'mongoose';
import { CandidatesBulkMessages } from '@hireflow/contracts/candidates-bulk';
import { AppError } from '../../../lib/app-error';
import { Job, type JobDoc } from '../../jobs/job.model';
import { stageCountChanges } from '../../jobs/stage-counts';
import { withTransaction } from '../../jobs/with-transaction';
import { recordCandidateActivity } from '../candidate-activity';
import { Candidate, type CandidateDoc } from '../candidate.model';
import { Application } from './application.model';
import { recordStageEvents } from './record-stage-events';
import { automationsForStage } from '../../pipeline/automations/automations.service';
import { scheduleStageAutomations } from '../../pipeline/automations/stage-automation.job';
import { publishLiveEvents } from '../../../lib/live-events/publish';
import { presentCards } from '../../pipeline/cards';

/** Jobs a recruiter may add candidates to (the career site takes applications for open jobs only). */
export const JobStatusesTakingCandidates = ['open', 'on_hold'] as const;

/** A job of the company that can take candidates now, or 404 / 409. */
export async function findJobTakingCandidates(customerId: Types.ObjectId, jobId: string): Promise<JobDoc> {
  const job = await Job.findOne({ customerId, _id: new Types.ObjectId(jobId) }).lean<JobDoc>();
  if (!job) throw AppError.notFound('Job');
  if (!(JobStatusesTakingCandidates as readonly string[]).includes(job.status)) throw AppError.conflict(CandidatesBulkMessages.jobNotOpen);
  if (!job.stages[0]) throw AppError.conflict(CandidatesBulkMessages.jobHasNoStages);
  return job;
}

type Person = Pick<CandidateDoc, 'firstName' | 'lastName' | 'email' | 'phone' | 'resumeFileId' | 'resumeFilename'> & { _id: Types.ObjectId };

/**
 * A recruiter puts existing candidates on a job: one application each in the job's first stage, source
 * "sourced", with its first stage event, the job's counts, the candidates' jobs and an `added_to_job`
 * entry on each timeline and an `application.created` live event each, all in one transaction. Candidates
 * already on the job are left as they are.
 */
export async function addCandidatesToJob({ customerId, job, candidates, by, at = new Date() }: { customerId: Types.ObjectId; job: JobDoc; candidates: Person[]; by: Types.ObjectId; at?: Date }) {
  const firstStage = job.stages[0]!;
  let entered: { _id: Types.ObjectId; stageEventId: Types.ObjectId }[] = [];
  const result = await withTransaction(async (session) => {
    const onJob = await Application.find({ customerId, jobId: job._id, candidateId: { $in: candidates.map((c) => c._id) } }, { candidateId: 1 }, { session }).lean();
    const already = new Set(onJob.map((a) => String(a.candidateId)));
    const fresh = candidates.filter((c) => !already.has(String(c._id)));
    if (fresh.length > 0) {
      const applications = fresh.map((c) => ({
        _id: new Types.ObjectId(),
        stageEventId: new Types.ObjectId(),
        customerId,
        candidateId: c._id,
        jobId: job._id,
        stageId: firstStage._id,
        stageKind: firstStage.kind,
        stageEnteredAt: at,
        source: 'sourced' as const,
        appliedAt: at,
        atCreation: { businessUnitId: job.businessUnitId ?? null, departmentId: job.departmentId ?? null, recruiterIds: job.recruiterIds, hiringManagerId: job.hiringManagerId ?? null },
        ownerId: job.recruiterIds[0] ?? null,
        answers: [],
        candidateName: `${c.firstName} ${c.lastName}`.trim(),
        candidateEmail: c.email,
        candidatePhone: c.phone,
        resumeFileId: c.resumeFileId ?? null,
        resumeFilename: c.resumeFilename ?? '',
      }));
      await Application.insertMany(applications.map(({ stageEventId, ...a }) => ({ ...a, lastStageEventId: stageEventId })), { session });
      entered = applications;
      await recordStageEvents(
        applications.map((a) => ({ _id: a.stageEventId, customerId, applicationId: a._id, jobId: job._id, candidateId: a.candidateId, fromStageId: null, fromKind: null, toStageId: firstStage._id, toKind: firstStage.kind as TStageKind, at, by, source: 'sourced' as const, appliedAt: at, fromEnteredAt: null })),
        session,
      );
      await Job.updateOne({ customerId, _id: job._id }, { $inc: { ...stageCountChanges([{ stage: firstStage, by: fresh.length }]), applicantCount: fresh.length } }, { session });
      // What refreshCandidateJobs would compute, in one write: each gained exactly this job and stage kind.
      await Candidate.updateMany({ customerId, _id: { $in: fresh.map((c) => c._id) } }, { $addToSet: { jobIds: job._id, stageKinds: firstStage.kind } }, { session });
      await recordCandidateActivity(
        applications.map((a) => ({ customerId, candidateId: a.candidateId, kind: 'added_to_job' as const, by, at, applicationId: a._id, jobId: job._id, summary: `Added to ${job.title}`, data: { source: 'sourced' } })),
        session,
      );
      const cards = await presentCards(customerId, applications.map((a) => ({ ...a, rejectionReason: '', withdrawn: false, onHold: false })), session);
      await publishLiveEvents(
        applications.map((a, i) => ({ customerId, kind: 'application.created' as const, at, jobId: job._id, applicationId: a._id, candidateId: a.candidateId, byUserId: by, teamIds: job.memberIds ?? [], data: { card: cards[i] } })),
        session,
      );
    }
    return { added: fresh.length, alreadyOnJob: candidates.length - fresh.length };
  });
  // Entering the first stage sets off its automations (workflow template), as a move into it would.
  if (entered.length) {
    const automations = await automationsForStage(customerId, firstStage);
    for (const a of entered) await scheduleStageAutomations({ customerId, applicationId: a._id, stage: firstStage, stageEventId: a.stageEventId, at, automations });
  }
  return result;
}
