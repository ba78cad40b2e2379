import type { Types } from 'mongoose';
import { ErasedCandidateName, ErasureDeadlineDays, type TErasureOrigin } from '@hireflow/contracts/privacy';
import { Candidate } from '../../candidates/candidate.model';
import { withTransaction } from '../../jobs/with-transaction';
import { recordAudit } from '../audit/audit';
import { enqueueJob } from '../../../lib/job-queue';
import { anonymiseCandidate, deleteErasedFiles } from '../personal-data';
import { ErasureRequest } from './erasure-request.model';
import { ErasureRequestedJob } from './erasure.jobs';

const DayMs = 24 * 3600 * 1000;
const personName = (c: { firstName: string; lastName?: string | null }) => `${c.firstName} ${c.lastName ?? ''}`.trim();

/**
 * A request to erase a candidate lands in the admins' queue with its legal deadline. A second request while one
 * waits changes nothing ({ created: false }). Audited as erasure_requested. When the candidate asked, the company's
 * users with the companySettings right are mailed once (erasure.jobs.ts), if the request is recorded.
 */
export async function requestErasure({ customerId, candidateId, origin, at, by = null }: { customerId: Types.ObjectId; candidateId: Types.ObjectId; origin: TErasureOrigin; at: Date; by?: { id: Types.ObjectId; name: string } | null }): Promise<{ created: boolean }> {
  const candidate = await Candidate.findOne({ customerId, _id: candidateId, erasedAt: null }, { firstName: 1, lastName: 1, email: 1 }).lean();
  if (!candidate) return { created: false };
  if (await ErasureRequest.exists({ customerId, candidateId, state: 'pending' })) return { created: false };
  const name = personName(candidate);
  try {
    await withTransaction(async (session) => {
      const [request] = await ErasureRequest.create([{ customerId, candidateId, candidateName: name, origin, requestedAt: at, dueAt: new Date(at.getTime() + ErasureDeadlineDays * DayMs) }], { session });
      if (origin === 'candidate') await enqueueJob(ErasureRequestedJob.name, { customerId: String(customerId), requestId: String(request!._id) }, { customerId, session });
      await recordAudit({ customerId, action: 'erasure_requested', at, actor: by, person: { id: candidateId, name, email: candidate.email } }, session);
    });
  } catch (error) {
    // Two requests at once: the unique index on the waiting request keeps one.
    if ((error as { code?: number }).code === 11000) return { created: false };
    throw error;
  }
  return { created: true };
}

/**
 * Erases a candidate now, for good (an admin's approval or direct erasure, or a retention rule): anonymises the
 * person, closes the waiting request (or records one as erased) and audits it, in one transaction; their stored
 * files are deleted once it has committed.
 */
export async function eraseCandidate({ customerId, candidateId, origin, at, by }: { customerId: Types.ObjectId; candidateId: Types.ObjectId; origin: TErasureOrigin; at: Date; by: { id: Types.ObjectId; name: string } | null }): Promise<{ erased: boolean }> {
  const { erased, fileIds } = await withTransaction(async (session) => {
    const { erased, fileIds } = await anonymiseCandidate({ customerId, candidateId, at, by: by?.id ?? null, origin }, session);
    if (!erased) return { erased: false, fileIds: [] };
    const anonymous = `${ErasedCandidateName.firstName} ${ErasedCandidateName.lastName}`;
    const closed = await ErasureRequest.updateMany({ customerId, candidateId, state: 'pending' }, { $set: { state: 'erased', decidedAt: at, decidedBy: by?.id ?? null } }, { session });
    if (closed.matchedCount === 0) {
      await ErasureRequest.create([{ customerId, candidateId, origin, state: 'erased', requestedAt: at, dueAt: at, decidedAt: at, decidedBy: by?.id ?? null }], { session });
    }
    await ErasureRequest.updateMany({ customerId, candidateId }, { $set: { candidateName: anonymous } }, { session });
    await recordAudit({ customerId, action: 'erased', at, actor: by, person: { id: candidateId, name: anonymous }, detail: origin === 'retention' ? 'By a retention rule' : origin === 'candidate' ? "At the candidate's request" : 'From the profile' }, session);
    return { erased: true, fileIds };
  });
  await deleteErasedFiles(fileIds);
  return { erased };
}
