import type { Types } from 'mongoose';
import type { UserDoc } from '../users/user.model';

type Actor = Pick<UserDoc, 'role' | 'admin' | 'superUser'> & { _id: Types.ObjectId };
type JobTeam = { memberIds?: Types.ObjectId[] | null; recruiterIds?: Types.ObjectId[] | null; hiringManagerId?: Types.ObjectId | null };

const has = (ids: Types.ObjectId[] | null | undefined, id: Types.ObjectId) => (ids ?? []).some((x) => x.equals(id));

/** SPEC 5: /jobs/all is not for a plain employee (role employee and not super user). */
export function canSeeAllJobs(actor: Actor): boolean {
  return actor.role !== 'employee' || actor.superUser;
}

export function canViewJob(actor: Actor, job: JobTeam): boolean {
  return canSeeAllJobs(actor) || has(job.memberIds, actor._id);
}

/** Owners (JO recruiters), the hiring manager, admins and super users run a job. */
export function canManageJob(actor: Actor, job: JobTeam): boolean {
  return actor.admin || actor.superUser || has(job.recruiterIds, actor._id) || Boolean(job.hiringManagerId?.equals(actor._id));
}

/** Recruiters and admins create jobs directly; hiring managers go through a requisition. */
export function canCreateJobDirectly(actor: Actor): boolean {
  return actor.role === 'recruiter' || actor.admin;
}
