import { Types, type ClientSession } from 'mongoose';
import { CandidateEmailTakenMessage, type TApplicationSource, type TCandidateFieldsParsed, type TCandidateSummary } from '@hireflow/contracts/candidates';
import { AppError } from '../../../lib/app-error';
import { presentCandidateSummary } from '../candidate-summary';
import { Candidate, candidateMatchKeys, type CandidateDoc } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';
import { Application } from '../applications/application.model';
import type { TDuplicateList, TDuplicateReason } from '@hireflow/contracts/candidates-intake';

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
          // Added by the company (a recruiter, a file): kept on its legitimate interest, not the person's consent.
          legalBasis: 'legitimate_interest',
          consentAt: null,
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

type MatchSource = { _id?: Types.ObjectId | null; email?: string | null; phoneKey?: string | null; nameKey?: string | null };

/** A name key says something only with a company: "ann lee|" alone matches too many people. */
const usefulNameKey = (nameKey?: string | null) => (nameKey && !nameKey.endsWith('|') ? nameKey : '');

/**
 * Likely duplicates of a candidate (or of fields being typed): same email (any case), same normalised
 * phone, or same name at the same current company. Merged-away candidates are never offered.
 */
export async function findLikelyDuplicates(customerId: Types.ObjectId, candidate: MatchSource, session?: ClientSession) {
  const or: Record<string, unknown>[] = [];
  const email = (candidate.email ?? '').trim().toLowerCase();
  if (email) or.push({ email });
  if (candidate.phoneKey) or.push({ phoneKey: candidate.phoneKey });
  const nameKey = usefulNameKey(candidate.nameKey);
  if (nameKey) or.push({ nameKey });
  if (or.length === 0) return [];
  return (await Candidate.find({ customerId, mergedIntoId: null, ...(candidate._id ? { _id: { $ne: candidate._id } } : {}), $or: or }, null, { session })
    .sort({ createdAt: 1 })
    .limit(20)
    .lean()) as CandidateDoc[];
}

/** Why `other` looks like the same person as `of`. */
export function duplicateReasons(of: MatchSource, other: Pick<CandidateDoc, 'email' | 'phoneKey' | 'nameKey'>): TDuplicateReason[] {
  const reasons: TDuplicateReason[] = [];
  const email = (of.email ?? '').trim().toLowerCase();
  if (email && other.email === email) reasons.push('email');
  if (of.phoneKey && other.phoneKey === of.phoneKey) reasons.push('phone');
  const nameKey = usefulNameKey(of.nameKey);
  if (nameKey && other.nameKey === nameKey) reasons.push('name_company');
  return reasons;
}

const pickDuplicateFields = ({ id, firstName, lastName, email, phone, currentTitle, currentCompany, location, createdAt }: TCandidateSummary) => ({
  id, firstName, lastName, email, phone, currentTitle, currentCompany, location, createdAt,
});

/** Likely duplicates as the add form and the profile show them, with each one's applications count. */
export async function presentDuplicates(customerId: Types.ObjectId, of: MatchSource): Promise<TDuplicateList> {
  const found = await findLikelyDuplicates(customerId, of);
  const counts = await Application.aggregate<{ _id: Types.ObjectId; n: number }>([
    { $match: { customerId, candidateId: { $in: found.map((c) => c._id) } } },
    { $group: { _id: '$candidateId', n: { $sum: 1 } } },
  ]);
  const byId = new Map(counts.map((c) => [String(c._id), c.n]));
  return {
    items: found.map((c) => ({
      ...pickDuplicateFields(presentCandidateSummary(c, false)),
      applications: byId.get(String(c._id)) ?? 0,
      reasons: duplicateReasons(of, c),
    })),
  };
}

/**
 * Recomputes a candidate's `phoneKey` and `nameKey` from its stored fields: call it after anything that
 * fills or changes a name, phone or current company (apply filling blanks, an import update, a merge).
 */
export async function refreshCandidateMatchKeys(customerId: Types.ObjectId, candidateId: Types.ObjectId, session?: ClientSession) {
  const c = await Candidate.findOne({ customerId, _id: candidateId }, { firstName: 1, lastName: 1, phone: 1, currentCompany: 1 }, { session }).lean();
  if (!c) return;
  await Candidate.updateOne({ customerId, _id: candidateId }, { $set: candidateMatchKeys(c) }, { session });
}
