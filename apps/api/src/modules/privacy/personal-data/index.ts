import type { ClientSession, Types } from 'mongoose';
import type { TErasureOrigin } from '@hireflow/contracts/privacy';
import { deleteFile } from '../../files/files.service';
import { anonymisePersonSet } from './parts/anonymise';
import { collectParts } from './parts/collect';
import { loadPersonSet } from './parts/people';

/**
 * Everything the company holds about one candidate, in one place: what the self-service download collects
 * and what erasure anonymises. The person is the candidate and every duplicate merged into them
 * (parts/people.ts); parts/collect.ts lists what they download, parts/anonymise.ts what erasure does to each
 * collection (tested by scanning every collection and the file store: erasure/erasure-scan.test.ts).
 */
export type Person = { customerId: Types.ObjectId; candidateId: Types.ObjectId };

export type PersonalData = {
  /** Documents by part name ("profile", "applications", "stageHistory", "interviews", "offers", "mails"...), as plain JSON. */
  parts: Record<string, unknown[]>;
  /** Stored files (résumés, offer letters, onboarding documents) by id, with the path they get in the ZIP. */
  files: { fileId: string; filename: string }[];
};

/** What the self-service download and a legal request hand over (empty for an unknown candidate). */
export async function collectPersonalData({ customerId, candidateId }: Person): Promise<PersonalData> {
  const set = await loadPersonSet(customerId, candidateId);
  if (!set) return { parts: { profile: [] }, files: [] };
  return collectParts(set);
}

export type Anonymise = Person & { at: Date; by: Types.ObjectId | null; origin: TErasureOrigin };

/**
 * Anonymises one candidate for good: name, contacts, files, notes, answers and mails go; the anonymous
 * events (stage moves, interviews, offers as figures, NPS scores) stay so every report total stays the same.
 * Idempotent: a second call on an erased candidate changes nothing.
 *
 * In the caller's transaction (`session`), the stored files are not deleted (GridFS is not transactional):
 * they are answered in `fileIds` for the caller to pass to `deleteErasedFiles` once the transaction has
 * committed. Without a session they are deleted before it returns.
 */
export async function anonymiseCandidate({ customerId, candidateId, at }: Anonymise, session?: ClientSession): Promise<{ erased: boolean; fileIds: string[] }> {
  const set = await loadPersonSet(customerId, candidateId, session);
  if (!set || set.candidates[0]!.erasedAt) return { erased: false, fileIds: [] };
  const { fileIds } = await anonymisePersonSet(set, at, session);
  if (!session) await deleteErasedFiles(fileIds);
  return { erased: true, fileIds };
}

/** Deletes an erased person's stored files (after the erasure's transaction committed). */
export async function deleteErasedFiles(fileIds: string[]) {
  for (const id of fileIds) await deleteFile(id);
}
