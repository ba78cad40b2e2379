import type { Types } from 'mongoose';
import type { TPinnedCandidates } from '@hireflow/contracts/candidates';
import type { AuthContext } from '../../../lib/auth';
import { Candidate, type CandidateDoc } from '../candidate.model';
import { candidateViewOf, findVisibleCandidate, visibleCandidatesFilter } from '../candidates.access';
import { CandidateSummaryProjection, presentCandidateSummary } from '../candidate-summary';
import { CandidatePin } from './candidate-pin.model';

type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };

export const MaxPinned = 500;

export async function pinCandidate(auth: Caller, id: string) {
  const { candidate } = await findVisibleCandidate(auth, id);
  await CandidatePin.updateOne(
    { customerId: auth.customerId, userId: auth.user._id, candidateId: candidate._id },
    { $setOnInsert: { at: new Date() } },
    { upsert: true },
  );
  return { pinned: true };
}

export async function unpinCandidate(auth: Caller, id: string) {
  const { candidate } = await findVisibleCandidate(auth, id);
  await CandidatePin.deleteOne({ customerId: auth.customerId, userId: auth.user._id, candidateId: candidate._id });
  return { pinned: false };
}

/** My pinned candidates that I may still see, latest pin first, with their last activity. */
export async function listPinned(auth: Caller): Promise<TPinnedCandidates> {
  const pins = await CandidatePin.find({ customerId: auth.customerId, userId: auth.user._id }).sort({ at: -1 }).limit(MaxPinned).lean();
  const view = await candidateViewOf(auth);
  const rows = (await Candidate.find({ ...visibleCandidatesFilter(auth.customerId, view), _id: { $in: pins.map((p) => p.candidateId) } }, CandidateSummaryProjection).lean()) as unknown as CandidateDoc[];
  const byId = new Map(rows.map((c) => [String(c._id), c]));
  const items = pins.flatMap((p) => {
    const c = byId.get(String(p.candidateId));
    return c ? [{ ...presentCandidateSummary(c, true), pinnedAt: p.at.toISOString() }] : [];
  });
  return { items, total: items.length };
}
