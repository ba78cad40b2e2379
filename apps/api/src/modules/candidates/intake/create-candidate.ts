import { Types, type ClientSession } from 'mongoose';
import { CandidateEmailTakenMessage, type TApplicationSource, type TCandidateFieldsParsed } from '@hireflow/contracts/candidates';
import { AppError } from '../../../lib/app-error';
import { Candidate, candidateMatchKeys, type CandidateDoc } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';

/**
 * The one way a candidate enters the database outside an application (the add form, bulk résumés,
 * imports): one person is one candidate, so an email already in the company answers 409 naming the
 * existing candidate (`details.candidateId`).
 */
export async function createCandidate({
  customerId,
  by,
  fields,
  source,
  consentSource,
  resume,
  at = new Date(),
  session,
}: {
  customerId: Types.ObjectId;
  by: Types.ObjectId | null;
  fields: TCandidateFieldsParsed;
  source: TApplicationSource;
  consentSource: string;
  resume?: { fileId: string; filename: string } | null;
  at?: Date;
  session?: ClientSession;
}): Promise<CandidateDoc> {
  if (fields.email) {
    const existing = await Candidate.findOne({ customerId, email: fields.email }, { _id: 1 }, { session }).lean();
    if (existing) throw AppError.conflict(CandidateEmailTakenMessage, { candidateId: String(existing._id) });
  }
  const _id = new Types.ObjectId();
  try {
    await Candidate.create(
      [
        {
          _id,
          customerId,
          ...fields,
          ...candidateMatchKeys(fields),
          source,
          consentAt: at,
          consentSource,
          lastActivityAt: at,
          createdBy: by,
          ...(resume ? { resumeFileId: resume.fileId, resumeFilename: resume.filename } : {}),
        },
      ],
      { session },
    );
  } catch (error) {
    // Two requests with the same email at once: the unique index decides, and the loser gets the same 409.
    if ((error as { code?: number }).code === 11000 && fields.email) {
      const winner = await Candidate.findOne({ customerId, email: fields.email }, { _id: 1 }).lean();
      throw AppError.conflict(CandidateEmailTakenMessage, { candidateId: winner ? String(winner._id) : undefined });
    }
    throw error;
  }
  await recordCandidateActivity({ customerId, candidateId: _id, kind: 'created', by, at, summary: 'Added to the database', data: { source } }, session);
  return (await Candidate.findOne({ customerId, _id }, null, { session }).lean()) as CandidateDoc;
}

/**
 * Likely duplicates of a candidate: same email, same normalised phone, or same name at the same current
 * company. Merged-away candidates are never offered.
 */
export async function findLikelyDuplicates(customerId: Types.ObjectId, candidate: Pick<CandidateDoc, '_id' | 'email' | 'phoneKey' | 'nameKey'>) {
  const or: Record<string, unknown>[] = [];
  if (candidate.email) or.push({ email: candidate.email });
  if (candidate.phoneKey) or.push({ phoneKey: candidate.phoneKey });
  if (candidate.nameKey) or.push({ nameKey: candidate.nameKey });
  if (or.length === 0) return [];
  return (await Candidate.find({ customerId, mergedIntoId: null, _id: { $ne: candidate._id }, $or: or }).limit(20).lean()) as CandidateDoc[];
}
