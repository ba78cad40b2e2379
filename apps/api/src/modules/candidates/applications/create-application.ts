import { Types, type ClientSession } from 'mongoose';
import type { TApplicationSource, TCandidateActivityKind } from '@hireflow/contracts/candidates';
import type { TStageKind } from '@hireflow/contracts/jobs';
import { AppError } from '../../../lib/app-error';
import { Job, type JobDoc } from '../../jobs/job.model';
import { stageCountChanges } from '../../jobs/stage-counts';
import { recordCandidateActivity } from '../candidate-activity';
import { refreshCandidateJobs } from '../candidates.access';
import { Application, type ApplicationDoc } from './application.model';
import { recordStageEvents } from './record-stage-events';
import { publishLiveEvents } from '../../../lib/live-events/publish';
import { presentCards } from '../../pipeline/cards';

export type ApplicationOrigin = { referrerId?: Types.ObjectId; agencyId?: Types.ObjectId };

/**
 * The one way a candidate gets onto a job (the career site's apply form, a recruiter's "Add to job"):
 * the application enters the job's first stage, its first stage event is written, the job's counts move,
 * the candidate's jobs are refreshed, the timeline says so and open boards hear of it (live event
 * `application.created` to the job's team). Call it inside the caller's transaction.
 */
export async function createApplication({
  customerId,
  job,
  candidate,
  source,
  by,
  activity,
  session,
  applicationId = new Types.ObjectId(),
  at = new Date(),
  answers = [],
  resumeFields = {},
  origin = {},
}: {
  customerId: Types.ObjectId;
  job: Pick<JobDoc, '_id' | 'title' | 'stages' | 'businessUnitId' | 'departmentId' | 'recruiterIds' | 'hiringManagerId' | 'memberIds'>;
  candidate: { _id: Types.ObjectId; name: string; email: string; phone: string };
  source: TApplicationSource;
  by: Types.ObjectId | null;
  activity: { kind: Extract<TCandidateActivityKind, 'applied' | 'added_to_job'>; summary: string };
  session: ClientSession;
  applicationId?: Types.ObjectId;
  at?: Date;
  answers?: { questionId: string; label: string; answer: string }[];
  resumeFields?: { resumeFileId?: string; resumeFilename?: string };
  /** Who brought them: the referring employee, the submitting agency. */
  origin?: ApplicationOrigin;
}): Promise<ApplicationDoc> {
  const firstStage = job.stages[0];
  if (!firstStage) throw AppError.conflict('This job has no pipeline stages');
  const stageEventId = new Types.ObjectId();
  const [application] = await Application.create(
    [
      {
        _id: applicationId,
        customerId,
        candidateId: candidate._id,
        jobId: job._id,
        stageId: firstStage._id,
        stageKind: firstStage.kind,
        stageEnteredAt: at,
        lastStageEventId: stageEventId,
        source,
        appliedAt: at,
        atCreation: { businessUnitId: job.businessUnitId ?? null, departmentId: job.departmentId ?? null, recruiterIds: job.recruiterIds, hiringManagerId: job.hiringManagerId ?? null },
        ownerId: job.recruiterIds[0] ?? null,
        answers,
        candidateName: candidate.name,
        candidateEmail: candidate.email,
        candidatePhone: candidate.phone,
        ...resumeFields,
        referrerId: origin.referrerId ?? null,
        agencyId: origin.agencyId ?? null,
      },
    ],
    { session },
  );
  await recordStageEvents(
    [{ _id: stageEventId, customerId, applicationId: application._id, jobId: job._id, candidateId: candidate._id, fromStageId: null, fromKind: null, toStageId: firstStage._id, toKind: firstStage.kind as TStageKind, at, by, source, appliedAt: at, fromEnteredAt: null }],
    session,
  );
  await Job.updateOne({ customerId, _id: job._id }, { $inc: { ...stageCountChanges([{ stage: firstStage, by: 1 }]), applicantCount: 1 } }, { session });
  await refreshCandidateJobs(customerId, candidate._id, session);
  await recordCandidateActivity(
    { customerId, candidateId: candidate._id, kind: activity.kind, by, at, applicationId: application._id, jobId: job._id, summary: activity.summary, data: { source } },
    session,
  );
  const created = application.toObject() as ApplicationDoc;
  const [card] = await presentCards(customerId, [created], session);
  await publishLiveEvents(
    [{ customerId, kind: 'application.created', at, jobId: job._id, applicationId: created._id, candidateId: candidate._id, byUserId: by, teamIds: job.memberIds ?? [], data: { card } }],
    session,
  );
  return created;
}
