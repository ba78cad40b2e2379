import type { Types } from 'mongoose';
import type { TCandidateSummary } from '@hireflow/contracts/candidates';
import type { CandidateDoc } from './candidate.model';
import { CandidatePin } from './pins/candidate-pin.model';

/** The fields a list row needs: project candidate queries with this. */
export const CandidateSummaryProjection = {
  firstName: 1, lastName: 1, email: 1, phone: 1, currentTitle: 1, currentCompany: 1, location: 1,
  experienceYears: 1, skills: 1, tags: 1, source: 1, lastActivityAt: 1, createdAt: 1,
} as const;

type SummarySource = Pick<CandidateDoc, '_id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'currentTitle' | 'currentCompany' | 'location' | 'experienceYears' | 'skills' | 'tags' | 'source' | 'lastActivityAt' | 'createdAt'>;

export function presentCandidateSummary(c: SummarySource, pinned: boolean): TCandidateSummary {
  return {
    id: String(c._id),
    firstName: c.firstName,
    lastName: c.lastName ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    currentTitle: c.currentTitle ?? '',
    currentCompany: c.currentCompany ?? '',
    location: c.location ?? '',
    experienceYears: c.experienceYears ?? null,
    skills: c.skills ?? [],
    tags: c.tags ?? [],
    source: c.source,
    lastActivityAt: (c.lastActivityAt ?? c.createdAt).toISOString(),
    createdAt: c.createdAt.toISOString(),
    pinned,
  };
}

/** Which of these candidates the user pinned (one query for a whole page of rows). */
export async function pinnedAmong(customerId: Types.ObjectId, userId: Types.ObjectId, candidateIds: Types.ObjectId[]): Promise<Set<string>> {
  if (candidateIds.length === 0) return new Set();
  const pins = await CandidatePin.find({ customerId, userId, candidateId: { $in: candidateIds } }, { candidateId: 1 }).lean();
  return new Set(pins.map((p) => String(p.candidateId)));
}
