import type { Types } from 'mongoose';
import { AppError } from '../../../lib/app-error';
import type { UserDoc } from '../../users/user.model';
import { findVisibleCandidate } from '../candidates.access';
import { ResumeBatch } from './resume-batch.model';

/** A candidate's files (a résumé uploaded to them) go to whoever may see the candidate. */
export async function mayReadCandidateFiles({ customerId, actor, ownerId }: { customerId: Types.ObjectId; actor: UserDoc; ownerId: Types.ObjectId }): Promise<boolean> {
  return findVisibleCandidate({ user: actor, customerId }, String(ownerId)).then(
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
