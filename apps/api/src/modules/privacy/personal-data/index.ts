import type { ClientSession, Types } from 'mongoose';
import { ErasedCandidateName, type TErasureOrigin } from '@hireflow/contracts/privacy';
import { Candidate } from '../../candidates/candidate.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { deleteFile } from '../../files/files.service';
import { PrivacyLink } from '../privacy-link.model';

/**
 * Everything the company holds about one candidate, in one place: what the self-service download collects
 * and what erasure anonymises. Each collection that holds something personal about a candidate is listed
 * here (and its erasure tested by scanning every collection and the file store).
 */
export type Person = { customerId: Types.ObjectId; candidateId: Types.ObjectId };

export type PersonalData = {
  /** Documents by part name ("profile", "applications", ...), as plain JSON. */
  parts: Record<string, unknown[]>;
  /** Stored files (résumés, documents...) by id, with the name they get in the ZIP. */
  files: { fileId: string; filename: string }[];
};

/** What the self-service download and a legal request hand over. */
export async function collectPersonalData({ customerId, candidateId }: Person): Promise<PersonalData> {
  const [candidate, applications, stageEvents, activity] = await Promise.all([
    Candidate.findOne({ customerId, _id: candidateId }).lean(),
    Application.find({ customerId, candidateId }).lean(),
    StageEvent.find({ customerId, candidateId }).lean(),
    CandidateActivity.find({ customerId, candidateId, kind: { $nin: ['viewed', 'exported'] } }).sort({ at: 1 }).lean(),
  ]);
  const files = [
    ...(candidate?.resumeFileId ? [{ fileId: candidate.resumeFileId, filename: candidate.resumeFilename || 'resume' }] : []),
    ...applications.filter((a) => a.resumeFileId).map((a) => ({ fileId: a.resumeFileId!, filename: a.resumeFilename || 'resume' })),
  ];
  return { parts: { profile: candidate ? [candidate] : [], applications, stageHistory: stageEvents, timeline: activity }, files };
}

export type Anonymise = Person & { at: Date; by: Types.ObjectId | null; origin: TErasureOrigin };

/**
 * Anonymises one candidate for good: name, contacts, files, notes, answers and mails go; the anonymous
 * events (stage moves, interviews, offers as figures) stay so every report total stays the same.
 * Idempotent: a second call on an erased candidate changes nothing. Runs in the caller's transaction.
 */
export async function anonymiseCandidate({ customerId, candidateId, at }: Anonymise, session?: ClientSession): Promise<{ erased: boolean }> {
  const candidate = await Candidate.findOne({ customerId, _id: candidateId }, null, { session }).lean();
  if (!candidate || candidate.erasedAt) return { erased: false };
  const fileIds = [candidate.resumeFileId, ...(await Application.find({ customerId, candidateId }, { resumeFileId: 1 }, { session }).lean()).map((a) => a.resumeFileId)].filter((id): id is string => !!id);
  await Candidate.updateOne(
    { customerId, _id: candidateId },
    {
      $set: {
        ...ErasedCandidateName, email: '', phone: '', phoneKey: '', nameKey: '', location: '', currentTitle: '', currentCompany: '',
        skills: [], tags: [], resumeFileId: null, resumeFilename: '', resumeText: '', resumeTextState: 'none', notesText: '', consentSource: '', erasedAt: at,
      },
    },
    { session },
  );
  await Application.updateMany({ customerId, candidateId }, { $set: { answers: [], resumeFileId: null, resumeFilename: '', candidateName: `${ErasedCandidateName.firstName} ${ErasedCandidateName.lastName}`, candidateEmail: '', candidatePhone: '' } }, { session });
  await PrivacyLink.deleteMany({ customerId, candidateId }, { session });
  // Files are not transactional: removed once the documents no longer name them.
  for (const id of fileIds) await deleteFile(id);
  return { erased: true };
}
