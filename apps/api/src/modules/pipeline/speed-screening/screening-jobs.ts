import { Types } from 'mongoose';
import type { TScreeningStage } from '@hireflow/contracts/pipeline';
import type { UserDoc } from '../../users/user.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { loadJobForMoves } from '../move/move-application';

export type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;
export type ScreeningJob = Pick<JobDoc, 'title' | 'stages' | 'memberIds' | 'recruiterIds' | 'hiringManagerId'> & { _id: Types.ObjectId };

const JobFields = { title: 1, stages: 1, memberIds: 1, recruiterIds: 1, hiringManagerId: 1 } as const;

/**
 * The jobs whose applicants I screen: one job (404 when I cannot see it, 403 when I may not move its
 * applicants), or all open jobs I run (as recruiter or hiring manager; an admin or super user: all of them).
 */
export async function screeningJobs(customerId: Types.ObjectId, actor: Actor, jobId?: string): Promise<ScreeningJob[]> {
  if (jobId) return [(await loadJobForMoves(customerId, actor, new Types.ObjectId(jobId))) as ScreeningJob];
  const mine = actor.admin || actor.superUser ? {} : { $or: [{ recruiterIds: actor._id }, { hiringManagerId: actor._id }] };
  return (await Job.find({ customerId, status: 'open', ...mine }, JobFields).sort({ createdAt: -1 }).lean()) as ScreeningJob[];
}

export const stagesOf = (job: ScreeningJob): TScreeningStage[] => job.stages.map((s) => ({ id: String(s._id), name: s.name, kind: s.kind }));

/** New applicants wait in the job's first stage. */
export const firstStageId = (job: ScreeningJob) => (job.stages[0] as { _id: Types.ObjectId } | undefined)?._id ?? null;

/** Where an applicant in `stageId` goes on "advance" (the next stage that is not a rejection) and on "reject". */
export function decisionStages(job: ScreeningJob, stageId: Types.ObjectId) {
  const stages = stagesOf(job);
  const at = stages.findIndex((s) => s.id === String(stageId));
  const nextStage = stages.slice(at + 1).find((s) => s.kind !== 'rejected') ?? null;
  const rejectStage = stages.find((s) => s.kind === 'rejected') ?? null;
  return { nextStage, rejectStage };
}

/** The filter of the screening queue (or of the on-hold list) over these jobs. */
export function queueFilter(customerId: Types.ObjectId, jobs: ScreeningJob[], list: 'queue' | 'on_hold') {
  const firstStages = jobs.map(firstStageId).filter((id): id is Types.ObjectId => !!id);
  return {
    customerId,
    jobId: { $in: jobs.map((j) => j._id) },
    stageId: { $in: firstStages },
    stageKind: { $ne: 'rejected' as const },
    onHold: list === 'on_hold' ? true : { $ne: true },
  };
}
