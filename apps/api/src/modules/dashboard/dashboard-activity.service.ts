import type { Types } from 'mongoose';
import type { TCandidateActivityKind } from '@hireflow/contracts/candidates';
import { DashboardLimits, type TDashboardActivityResponse } from '@hireflow/contracts/dashboard';
import type { AuthContext } from '../../lib/auth';
import { CandidateActivity, type CandidateActivityDoc } from '../candidates/candidate-activity.model';
import { Candidate } from '../candidates/candidate.model';
import { seesWholeDatabase } from '../candidates/candidates.access';
import { jobTitles, refOf, userNames } from '../candidates/profile/profile-names';
import { Job } from '../jobs/job.model';

type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };

/** Looking at or exporting a profile is audited, not activity anyone follows. */
const notActivity: TCandidateActivityKind[] = ['viewed', 'exported'];
/** The jobs whose activity the card reads (the newest I am on). */
const MaxJobs = 200;

const newestFirst = (a: CandidateActivityDoc, b: CandidateActivityDoc) => b.at.getTime() - a.at.getTime() || String(b._id).localeCompare(String(a._id));

/**
 * The dashboard's "Recent activity": the latest things that happened to candidates, done by me or on the jobs
 * I am on (recruiter, hiring manager, interviewer, follower). Two indexed reads of a few rows each, merged.
 */
export async function recentActivity({ user, customerId }: Caller): Promise<TDashboardActivityResponse> {
  const size = DashboardLimits.activityRows;
  const jobs = await Job.find({ customerId, memberIds: user._id }, { _id: 1 }).sort({ createdAt: -1 }).limit(MaxJobs).lean();
  const jobIds = jobs.map((j) => j._id);
  const [onMyJobs, byMe] = await Promise.all([
    jobIds.length
      ? CandidateActivity.find({ customerId, jobId: { $in: jobIds }, kind: { $nin: notActivity } }).sort({ at: -1, _id: -1 }).limit(size).lean()
      : Promise.resolve([]),
    CandidateActivity.find({ customerId, by: user._id, kind: { $nin: notActivity } }).sort({ at: -1, _id: -1 }).limit(size).lean(),
  ]);
  const rows = [...new Map([...onMyJobs, ...byMe].map((r) => [String(r._id), r as CandidateActivityDoc])).values()].sort(newestFirst);

  const candidates = new Map(
    (await Candidate.find({ customerId, _id: { $in: [...new Set(rows.map((r) => String(r.candidateId)))] } }, { firstName: 1, lastName: 1 }).lean()).map((c) => [
      String(c._id),
      { id: String(c._id), name: `${c.firstName} ${c.lastName ?? ''}`.trim() },
    ]),
  );
  const shown = rows.filter((r) => candidates.has(String(r.candidateId))).slice(0, size);
  const [users, titles] = await Promise.all([userNames(customerId, shown.map((r) => r.by)), jobTitles(customerId, shown.map((r) => r.jobId))]);
  const whole = seesWholeDatabase(user);
  const myJobs = new Set(jobIds.map(String));
  return {
    items: shown.map((r) => ({
      id: String(r._id),
      kind: r.kind,
      at: r.at.toISOString(),
      summary: r.summary ?? '',
      by: refOf(users, r.by),
      mine: Boolean(r.by?.equals(user._id)),
      candidate: candidates.get(String(r.candidateId))!,
      job: refOf(titles, r.jobId),
      applicationId: r.applicationId ? String(r.applicationId) : null,
      canOpen: whole || (r.jobId !== null && myJobs.has(String(r.jobId))),
    })),
  };
}
