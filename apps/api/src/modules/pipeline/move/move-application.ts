import { Types } from 'mongoose';
import { PipelineMessages, type TMoveApplicationRequest, type TMoveApplicationResult } from '@hireflow/contracts/pipeline';
import type { TJobStatus, TStageKind } from '@hireflow/contracts/jobs';
import type { TApplicationSource } from '@hireflow/contracts/candidates';
import { AppError } from '../../../lib/app-error';
import { publishLiveEvents } from '../../../lib/live-events/publish';
import type { UserDoc } from '../../users/user.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { stageCountChanges } from '../../jobs/stage-counts';
import { canManageJob, canViewJob } from '../../jobs/jobs.access';
import { recordJobStatus } from '../../jobs/job-records';
import { withTransaction } from '../../jobs/with-transaction';
import { Application, type ApplicationDoc } from '../../candidates/applications/application.model';
import { recordStageEvents } from '../../candidates/applications/record-stage-events';
import { recordCandidateActivity } from '../../candidates/candidate-activity';
import { refreshCandidateJobs } from '../../candidates/candidates.access';
import { presentCards } from '../cards';
import { assertActiveReason, loadRejectionReasons } from '../rejections/rejection-reasons';
import { assertMailTemplate, scheduleStageEntryWork } from '../stage-entry';
import type { RejectionReasonDoc } from '../rejections/rejection-reason.model';
import { runHireHooks } from './hire-hooks';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;

/** What a caller moving many applications loads once (bulk actions, speed screening). */
export type MoveContext = { job?: JobDoc; reasons?: RejectionReasonDoc[]; now?: Date };

type JobStage = JobDoc['stages'][number] & { _id: Types.ObjectId };

/** The job of an application as its caller may see it: 404 when not visible, 403 when visible but not theirs to run. */
export async function loadJobForMoves(customerId: Types.ObjectId, actor: Actor, jobId: Types.ObjectId): Promise<JobDoc> {
  const job = (await Job.findOne({ customerId, _id: jobId }).lean()) as JobDoc | null;
  if (!job || !canViewJob(actor, job)) throw AppError.notFound('Application');
  if (!canManageJob(actor, job)) throw AppError.forbidden(PipelineMessages.notOnTeam);
  return job;
}

/**
 * The one way an application changes stage (board, stage list, bulk, speed screening, undo). In one
 * transaction: the application (only if it is still where the caller saw it), the job's counts, one stage
 * event, the candidate's jobs and timeline, the job's status when a hire fills or un-fills it, and the live
 * event for open boards. Delayed work of the new stage (rejection mail, automations) is queued after commit
 * and checks at run time that the application is still there.
 */
export async function moveApplication({
  customerId,
  actor,
  applicationId,
  input,
  context = {},
}: {
  customerId: Types.ObjectId;
  actor: Actor;
  applicationId: string | Types.ObjectId;
  input: TMoveApplicationRequest;
  context?: MoveContext;
}): Promise<TMoveApplicationResult> {
  if (!Types.ObjectId.isValid(applicationId)) throw AppError.notFound('Application');
  const application = (await Application.findOne({ customerId, _id: new Types.ObjectId(applicationId) }).lean()) as ApplicationDoc | null;
  if (!application) throw AppError.notFound('Application');
  const job = context.job && context.job._id.equals(application.jobId) ? context.job : await loadJobForMoves(customerId, actor, application.jobId);
  if (context.job && !canManageJob(actor, job)) throw AppError.forbidden(PipelineMessages.notOnTeam);

  const stages = job.stages as JobStage[];
  const from = stages.find((s) => s._id.equals(application.stageId));
  const to = stages.find((s) => String(s._id) === String(input.stageId).toLowerCase());
  if (!to) throw AppError.badRequest(PipelineMessages.stageNotInJob);
  if (to._id.equals(application.stageId)) throw AppError.conflict(PipelineMessages.alreadyInStage);

  const withdrawn = Boolean(input.withdrawn);
  if (withdrawn && to.kind !== 'rejected') throw AppError.badRequest(PipelineMessages.withdrawnNeedsRejectedStage);
  let reason = '';
  if (to.kind === 'rejected') {
    reason = withdrawn ? (input.reason?.trim() ?? '') : assertActiveReason(context.reasons ?? (await loadRejectionReasons(customerId)), input.reason);
  }

  if (input.rejectionMail && to.kind === 'rejected') await assertMailTemplate(customerId, input.rejectionMail.templateId);

  const at = context.now ?? new Date();
  const stageEventId = new Types.ObjectId();
  const moved = { ...application, stageId: to._id, stageKind: to.kind, stageEnteredAt: at, rejectionReason: to.kind === 'rejected' ? reason : '', withdrawn: to.kind === 'rejected' && withdrawn, onHold: false };
  const [card] = await presentCards(customerId, [moved]);
  const jobStatus = await withTransaction(async (session) => {
    const updated = await Application.updateOne(
      // Still where the caller saw it: the same stage entry, not merely the same stage (a move there and back meanwhile is a change).
      { customerId, _id: application._id, stageId: application.stageId, lastStageEventId: application.lastStageEventId ?? null },
      {
        $set: {
          stageId: to._id,
          stageKind: to.kind,
          stageEnteredAt: at,
          lastStageEventId: stageEventId,
          rejectionReason: to.kind === 'rejected' ? reason : '',
          rejectedBy: to.kind === 'rejected' && !withdrawn ? actor._id : null,
          withdrawn: to.kind === 'rejected' && withdrawn,
          onHold: false,
        },
      },
      { session },
    );
    if (updated.matchedCount === 0) throw AppError.conflict(PipelineMessages.changedMeanwhile);
    const counts = await Job.findOneAndUpdate(
      { customerId, _id: job._id },
      { $inc: stageCountChanges([{ stage: { _id: application.stageId, kind: application.stageKind }, by: -1 }, { stage: to, by: 1 }]) },
      { session, returnDocument: 'after', projection: { stageCounts: 1, status: 1, headcount: 1 } },
    ).lean();
    await recordStageEvents(
      [{ _id: stageEventId, customerId, applicationId: application._id, jobId: job._id, candidateId: application.candidateId, fromStageId: application.stageId, fromKind: application.stageKind as TStageKind, toStageId: to._id, toKind: to.kind as TStageKind, at, by: actor._id, reason, withdrawn: to.kind === 'rejected' && withdrawn, source: application.source as TApplicationSource, appliedAt: application.appliedAt, fromEnteredAt: application.stageEnteredAt }],
      session,
    );
    await refreshCandidateJobs(customerId, application.candidateId, session);
    const summary =
      to.kind === 'rejected'
        ? withdrawn
          ? `Withdrew from ${job.title}${reason ? `: ${reason}` : ''}`
          : `Rejected on ${job.title}: ${reason}`
        : `Moved from ${from?.name ?? 'an earlier stage'} to ${to.name} on ${job.title}`;
    await recordCandidateActivity(
      { customerId, candidateId: application.candidateId, kind: 'stage_moved', by: actor._id, at, applicationId: application._id, jobId: job._id, summary, data: { fromStageId: String(application.stageId), toStageId: String(to._id), toKind: to.kind, reason, withdrawn } },
      session,
    );
    await publishLiveEvents(
      [{ customerId, kind: 'application.moved', at, jobId: job._id, applicationId: application._id, candidateId: application.candidateId, byUserId: actor._id, teamIds: job.memberIds ?? [], data: { fromStageId: String(application.stageId), card } }],
      session,
    );
    const status = await fillOrReopen({ customerId, actor, job, stages, stageCounts: (counts?.stageCounts ?? {}) as Record<string, number>, status: (counts?.status ?? job.status) as TJobStatus, headcount: counts?.headcount ?? job.headcount, touchesHired: to.kind === 'hired' || application.stageKind === 'hired', at, session });
    if ((to.kind === 'hired') !== (application.stageKind === 'hired')) await runHireHooks({ customerId, application, job, hired: to.kind === 'hired', at, by: actor._id, session });
    return status;
  });

  // The move stands once committed: a queue that refuses the follow-up work is said, not turned into an error.
  const queued = await scheduleStageEntryWork({ customerId, actor, application: moved, job, stage: to, stageEventId, at, rejectionMail: to.kind === 'rejected' ? input.rejectionMail : undefined }).then(
    () => true,
    () => false,
  );
  return { card: card!, fromStageId: String(application.stageId), jobStatus, ...(queued ? {} : { notice: PipelineMessages.followUpNotQueued }) };
}

/** A hire fills an opening; the last opening filled makes the job filled, and undoing a hire reopens it. */
async function fillOrReopen({
  customerId, actor, job, stages, stageCounts, status, headcount, touchesHired, at, session,
}: {
  customerId: Types.ObjectId; actor: Actor; job: JobDoc; stages: JobStage[]; stageCounts: Record<string, number>; status: TJobStatus; headcount: number; touchesHired: boolean; at: Date; session: import('mongoose').ClientSession;
}): Promise<TJobStatus> {
  if (!touchesHired) return status;
  const hires = stages.filter((s) => s.kind === 'hired').reduce((sum, s) => sum + (stageCounts[String(s._id)] ?? 0), 0);
  let next: TJobStatus | null = null;
  if (hires >= headcount && (status === 'open' || status === 'on_hold')) next = 'filled';
  if (hires < headcount && status === 'filled') next = 'open';
  if (!next) return status;
  const changed = await Job.updateOne({ customerId, _id: job._id, status }, { $set: { status: next } }, { session });
  if (changed.matchedCount === 0) return status;
  const comment = next === 'filled' ? `all ${headcount} ${headcount === 1 ? 'opening' : 'openings'} filled` : 'a hire was undone, so an opening is free again';
  await recordJobStatus({ customerId, by: actor._id, at, session }, job, status, next, comment);
  return next;
}
