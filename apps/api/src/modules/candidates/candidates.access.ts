import { Types, type ClientSession } from 'mongoose';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/auth';
import type { UserDoc } from '../users/user.model';
import { Job } from '../jobs/job.model';
import { Application } from './applications/application.model';
import { Candidate, type CandidateDoc } from './candidate.model';

type Actor = Pick<UserDoc, 'role' | 'admin' | 'superUser'> & { _id: Types.ObjectId };

/**
 * Who sees what of the candidate database (issue 13), decided here only:
 * - recruiters, admins and super users see the whole database of their company and may change it;
 * - everyone else (hiring managers, interviewers, followers) sees the candidates of the jobs they are on,
 *   and of those only what those jobs need (their applications, and the timeline of those applications);
 * - plain employees on no job see nobody (their referrals come with the referrals issue).
 */
export type CandidateView = { whole: true } | { whole: false; jobIds: Types.ObjectId[] };

export function seesWholeDatabase(actor: Actor): boolean {
  return actor.role === 'recruiter' || actor.admin || actor.superUser;
}

export async function candidateViewOf(auth: Pick<AuthContext, 'user' | 'customerId'>): Promise<CandidateView> {
  if (seesWholeDatabase(auth.user)) return { whole: true };
  const jobs = await Job.find({ customerId: auth.customerId, memberIds: auth.user._id }, { _id: 1 }).lean();
  return { whole: false, jobIds: jobs.map((j) => j._id) };
}

/** The filter of every candidate list: this company, not merged away, and only what the caller may see. */
export function visibleCandidatesFilter(customerId: Types.ObjectId, view: CandidateView): Record<string, unknown> {
  return { customerId, mergedIntoId: null, ...(view.whole ? {} : { jobIds: { $in: view.jobIds } }) };
}

/** The caller's candidate, or 404 when it does not exist in their company or they may not see it. */
export async function findVisibleCandidate(auth: Pick<AuthContext, 'user' | 'customerId'>, id: string, view?: CandidateView): Promise<{ candidate: CandidateDoc; view: CandidateView }> {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Candidate');
  const resolved = view ?? (await candidateViewOf(auth));
  const candidate = (await Candidate.findOne({ customerId: auth.customerId, _id: new Types.ObjectId(id) }).lean()) as CandidateDoc | null;
  if (!candidate) throw AppError.notFound('Candidate');
  if (!resolved.whole && !candidate.jobIds.some((j) => resolved.jobIds.some((v) => v.equals(j)))) throw AppError.notFound('Candidate');
  return { candidate, view: resolved };
}

/** Changing the database (edit, merge, import, tag, campaigns, bulk actions) is for those who see all of it. */
export function assertManagesCandidates(actor: Actor) {
  if (!seesWholeDatabase(actor)) throw AppError.forbidden('Only recruiters and admins can change the candidate database.');
}

/**
 * Recomputes a candidate's `jobIds` and `stageKinds` from their applications. Call it after anything that
 * creates, moves or removes an application, in the same transaction.
 */
export async function refreshCandidateJobs(customerId: Types.ObjectId, candidateId: Types.ObjectId, session?: ClientSession) {
  const apps = await Application.find({ customerId, candidateId }, { jobId: 1, stageKind: 1 }, { session }).lean();
  await Candidate.updateOne(
    { customerId, _id: candidateId },
    { $set: { jobIds: [...new Map(apps.map((a) => [String(a.jobId), a.jobId])).values()], stageKinds: [...new Set(apps.map((a) => a.stageKind))] } },
    { session },
  );
}
