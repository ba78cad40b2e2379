import type { ClientSession, Types } from 'mongoose';
import type { TPipelineCard } from '@hireflow/contracts/pipeline';
import type { ApplicationDoc } from '../candidates/applications/application.model';
import { Candidate } from '../candidates/candidate.model';
import { Job } from '../jobs/job.model';
import { User } from '../users/user.model';

type CardSource = Pick<
  ApplicationDoc,
  '_id' | 'candidateId' | 'jobId' | 'candidateName' | 'candidateEmail' | 'source' | 'stageId' | 'stageKind' | 'stageEnteredAt' | 'appliedAt' | 'ownerId' | 'rejectionReason' | 'withdrawn' | 'onHold'
>;

/** The fields of an application a card needs (a projection for board, list and speed-screening queries). */
export const CardFields = {
  candidateId: 1, jobId: 1, candidateName: 1, candidateEmail: 1, source: 1, stageId: 1, stageKind: 1, stageEnteredAt: 1, appliedAt: 1, ownerId: 1, rejectionReason: 1, withdrawn: 1, onHold: 1,
} as const;

const idsOf = (values: (Types.ObjectId | null | undefined)[]) => [...new Map(values.filter((v): v is Types.ObjectId => !!v).map((v) => [String(v), v])).values()];

/**
 * Applications as cards: the candidate's current title and tags, the owner's name and the job's title come
 * with three indexed lookups for the whole page (never one per card).
 */
export async function presentCards(customerId: Types.ObjectId, applications: CardSource[], session?: ClientSession): Promise<TPipelineCard[]> {
  if (!applications.length) return [];
  // Inside a transaction (a new applicant's card for its live event) the reads must see its writes, one at a time.
  const lookups = [
    () => Candidate.find({ customerId, _id: { $in: idsOf(applications.map((a) => a.candidateId)) } }, { currentTitle: 1, tags: 1 }, { session }).lean(),
    () => User.find({ customerId, _id: { $in: idsOf(applications.map((a) => a.ownerId)) } }, { firstName: 1, lastName: 1 }, { session }).lean(),
    () => Job.find({ customerId, _id: { $in: idsOf(applications.map((a) => a.jobId)) } }, { title: 1 }, { session }).lean(),
  ] as const;
  const [candidates, owners, jobs] = session
    ? [await lookups[0](), await lookups[1](), await lookups[2]()]
    : await Promise.all([lookups[0](), lookups[1](), lookups[2]()]);
  const candidateById = new Map(candidates.map((c) => [String(c._id), c]));
  const ownerById = new Map(owners.map((u) => [String(u._id), { id: String(u._id), name: `${u.firstName} ${u.lastName}`.trim() }]));
  const jobTitle = new Map(jobs.map((j) => [String(j._id), j.title]));
  return applications.map((a) => {
    const candidate = candidateById.get(String(a.candidateId));
    return {
      applicationId: String(a._id),
      candidateId: String(a.candidateId),
      jobId: String(a.jobId),
      jobTitle: jobTitle.get(String(a.jobId)) ?? '',
      name: a.candidateName,
      email: a.candidateEmail,
      currentTitle: candidate?.currentTitle ?? '',
      source: a.source,
      stageId: String(a.stageId),
      stageKind: a.stageKind,
      stageEnteredAt: (a.stageEnteredAt ?? a.appliedAt).toISOString(),
      appliedAt: a.appliedAt.toISOString(),
      tags: candidate?.tags ?? [],
      owner: a.ownerId ? (ownerById.get(String(a.ownerId)) ?? null) : null,
      rejectionReason: a.rejectionReason ?? '',
      withdrawn: Boolean(a.withdrawn),
      onHold: Boolean(a.onHold),
    };
  });
}
