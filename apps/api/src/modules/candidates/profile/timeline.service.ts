import { Types } from 'mongoose';
import { CandidateProfileLimits, type TTimelinePage } from '@hireflow/contracts/candidates-profile';
import { CandidateActivity } from '../candidate-activity.model';
import { findVisibleCandidate } from '../candidates.access';
import { jobScope, type Caller } from './profile.service';
import { jobTitles, refOf, userNames } from './profile-names';

/**
 * A candidate's timeline, newest first, one page at a time (`before` is the last entry of the page the
 * caller has). Hiring managers and interviewers see only what happened on their jobs.
 */
export async function listTimeline(auth: Caller, id: string, before?: string): Promise<TTimelinePage> {
  const { candidate, view } = await findVisibleCandidate(auth, id);
  const filter: Record<string, unknown> = { customerId: auth.customerId, candidateId: candidate._id, ...jobScope(view) };
  if (before) {
    const cursor = await CandidateActivity.findOne({ customerId: auth.customerId, candidateId: candidate._id, _id: new Types.ObjectId(before) }, { at: 1 }).lean();
    if (cursor) filter.$or = [{ at: { $lt: cursor.at } }, { at: cursor.at, _id: { $lt: cursor._id } }];
  }
  const size = CandidateProfileLimits.timelinePageSize;
  const rows = await CandidateActivity.find(filter).sort({ at: -1, _id: -1 }).limit(size + 1).lean();
  const page = rows.slice(0, size);
  const [users, jobs] = await Promise.all([userNames(auth.customerId, page.map((r) => r.by)), jobTitles(auth.customerId, page.map((r) => r.jobId))]);
  return {
    items: page.map((r) => ({
      id: String(r._id),
      kind: r.kind,
      at: r.at.toISOString(),
      by: refOf(users, r.by),
      summary: r.summary ?? '',
      applicationId: r.applicationId ? String(r.applicationId) : null,
      job: refOf(jobs, r.jobId),
      data: (r.data as Record<string, unknown> | null) ?? null,
    })),
    nextBefore: rows.length > size ? String(page[page.length - 1]!._id) : null,
  };
}
