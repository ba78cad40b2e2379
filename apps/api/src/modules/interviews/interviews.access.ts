import { Types } from 'mongoose';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { Job, type JobDoc } from '../jobs/job.model';
import { canManageJob } from '../jobs/jobs.access';
import { seesWholeDatabase } from '../candidates/candidates.access';
import { Interview, type InterviewDoc } from './interview.model';

type Actor = Pick<UserDoc, 'role' | 'admin' | 'superUser'> & { _id: Types.ObjectId };
type Auth = { user: Actor; customerId: Types.ObjectId };
const has = (ids: Types.ObjectId[] | null | undefined, id: Types.ObjectId) => (ids ?? []).some((x) => x.equals(id));

/**
 * Who sees and does what with interviews, decided here only:
 * - an interview is seen by whoever sees its candidate (recruiters, admins, the job's hiring team) and by its interviewers;
 * - recruiters, admins, and the job's owners and hiring manager schedule, reschedule, cancel and set the status;
 * - all scorecards of an interview are seen by the hiring manager, the job's owners and admins; an
 *   interviewer sees the others' only once theirs is submitted.
 */
export function canSeeInterview(actor: Actor, interview: Pick<InterviewDoc, 'interviewerIds'>, job: Pick<JobDoc, 'memberIds'>): boolean {
  return seesWholeDatabase(actor) || has(job.memberIds, actor._id) || has(interview.interviewerIds, actor._id);
}

export function canScheduleInterviews(actor: Actor, job: Pick<JobDoc, 'recruiterIds' | 'hiringManagerId' | 'memberIds'>): boolean {
  return seesWholeDatabase(actor) || canManageJob(actor, job);
}

export function seesAllScorecards(actor: Actor, job: Pick<JobDoc, 'recruiterIds' | 'hiringManagerId'>): boolean {
  return actor.admin || actor.superUser || canManageJob(actor, job);
}

export const isInterviewer = (actor: Actor, interview: Pick<InterviewDoc, 'interviewerIds'>) => has(interview.interviewerIds, actor._id);

/** The caller's interview with its job, or 404 when it is not of their company or they may not see it. */
export async function findVisibleInterview(auth: Auth, id: string): Promise<{ interview: InterviewDoc; job: JobDoc }> {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Interview');
  const interview = await Interview.findOne({ customerId: auth.customerId, _id: new Types.ObjectId(id) }).lean<InterviewDoc>();
  const job = interview ? await Job.findOne({ customerId: auth.customerId, _id: interview.jobId }).lean<JobDoc>() : null;
  if (!interview || !job || !canSeeInterview(auth.user, interview, job)) throw AppError.notFound('Interview');
  return { interview, job };
}
