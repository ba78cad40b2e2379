import type { Types } from 'mongoose';
import { AppError } from '../../../lib/app-error';
import type { UserDoc } from '../../users/user.model';
import { findVisibleCandidate } from '../candidates.access';
import { Candidate } from '../candidate.model';
import { ResumeBatch } from './resume-batch.model';

/** A candidate's files (a résumé uploaded to them) go to whoever may see the candidate. */
export async function mayReadCandidateFiles({ customerId, actor, ownerId }: { customerId: Types.ObjectId; actor: UserDoc; ownerId: Types.ObjectId }): Promise<boolean> {
  // A merged-away candidate's files went with the merge: whoever sees the survivor reads them.
  const owner = await Candidate.findOne({ customerId, _id: ownerId }, { mergedIntoId: 1 }).lean();
  const holderId = owner?.mergedIntoId ?? ownerId;
  return findVisibleCandidate({ user: actor, customerId }, String(holderId)).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.status === 404) return false;
      throw error;
    },
  );
}

/** A bulk upload's files, until saved as candidates, are their uploader's alone. */
export async function mayReadResumeBatchFiles({ customerId, actor, ownerId }: { customerId: Types.ObjectId; actor: UserDoc; ownerId: Types.ObjectId }): Promise<boolean> {
  return Boolean(await ResumeBatch.exists({ customerId, _id: ownerId, createdBy: actor._id }));
}
