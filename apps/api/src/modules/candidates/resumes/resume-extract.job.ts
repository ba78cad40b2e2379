import { Types } from 'mongoose';
import { enqueueJob, enqueueJobs, type JobDefinition } from '../../../lib/job-queue';
import { readStoredFile } from '../../files/files.service';
import { ResumeUpload } from '@hireflow/contracts/candidates';
import { Candidate } from '../candidate.model';
import { extractResumeText, ResumeExtractionLimits } from './resume-extract';
import { suggestFromResume } from './resume-suggest';
import { skillsVocabularyOf } from './skills-vocabulary';
import { ResumeBatchFile } from './resume-batch.model';

/**
 * Extracts a stored résumé's text in the background. The target is a candidate (whose résumé is still
 * this file: a résumé replaced meanwhile is left alone) or a file of a bulk upload (which also gets its
 * suggestions). A file that cannot be read ends 'unreadable'; the job itself fails only when the
 * database does, and then it is tried again.
 */
export type ResumeExtractPayload = { customerId: string; fileId: string } & ({ candidateId: string } | { batchFileId: string });

export const ResumeExtractJob: JobDefinition<ResumeExtractPayload> = {
  name: 'candidates.resume-extract',
  maxAttempts: 3,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
  keepForSeconds: 24 * 3600,
  async handler(payload) {
    const customerId = new Types.ObjectId(payload.customerId);
    const file = await readStoredFile(customerId, payload.fileId, { maxBytes: ResumeUpload.maxBytes });
    const { state, text } = file ? await extractResumeText(file.buffer, ResumeExtractionLimits) : { state: 'unreadable' as const, text: '' };
    if ('candidateId' in payload) {
      const res = await Candidate.updateOne(
        { customerId, _id: new Types.ObjectId(payload.candidateId), resumeFileId: payload.fileId },
        { $set: { resumeText: text, resumeTextState: state } },
      );
      return { state, chars: text.length, updated: res.modifiedCount };
    }
    const suggestions = state === 'extracted' ? suggestFromResume(text, await skillsVocabularyOf(customerId)) : undefined;
    const batchFileId = new Types.ObjectId(payload.batchFileId);
    await ResumeBatchFile.updateOne({ customerId, _id: batchFileId, fileId: payload.fileId }, { $set: { state, text, ...(suggestions ? { suggestions } : {}) } });
    // Saved before its text was in: the new candidate gets it too.
    const saved = await ResumeBatchFile.findOne({ customerId, _id: batchFileId }, { result: 1 }).lean();
    if (saved?.result?.outcome === 'created' && saved.result.candidateId) {
      await Candidate.updateOne({ customerId, _id: new Types.ObjectId(saved.result.candidateId), resumeFileId: payload.fileId }, { $set: { resumeText: text, resumeTextState: state } });
    }
    return { state, chars: text.length };
  },
  /** Never left 'pending' for good: after the last failed attempt the text counts as unreadable. */
  async onFailed(payload) {
    const customerId = new Types.ObjectId(payload.customerId);
    if ('candidateId' in payload) {
      await Candidate.updateOne({ customerId, _id: new Types.ObjectId(payload.candidateId), resumeFileId: payload.fileId, resumeTextState: 'pending' }, { $set: { resumeTextState: 'unreadable' } });
    } else {
      await ResumeBatchFile.updateOne({ customerId, _id: new Types.ObjectId(payload.batchFileId), state: 'pending' }, { $set: { state: 'unreadable' } });
    }
  },
};

/** Queues the extraction of a candidate's résumé (set `resumeTextState: 'pending'` with the file). */
export function enqueueCandidateResumeExtraction(customerId: Types.ObjectId, candidateId: Types.ObjectId, fileId: string) {
  return enqueueJob<ResumeExtractPayload>(ResumeExtractJob.name, { customerId: String(customerId), candidateId: String(candidateId), fileId }, { customerId, dedupeKey: `resume-extract:${fileId}:${String(candidateId)}` });
}

export function enqueueBatchExtractions(customerId: Types.ObjectId, requestedBy: Types.ObjectId, files: { batchFileId: Types.ObjectId; fileId: string }[]) {
  return enqueueJobs<ResumeExtractPayload>(
    ResumeExtractJob.name,
    files.map((f) => ({ payload: { customerId: String(customerId), fileId: f.fileId, batchFileId: String(f.batchFileId) }, opts: { customerId, requestedBy } })),
  );
}

/**
 * For any path that set a file as a candidate's résumé (an application, an import...): marks its text
 * pending and queues the extraction, if the file is indeed still the candidate's résumé.
 */
export async function startResumeExtraction(customerId: Types.ObjectId, candidateId: Types.ObjectId, fileId: string) {
  const res = await Candidate.updateOne({ customerId, _id: candidateId, resumeFileId: fileId }, { $set: { resumeText: '', resumeTextState: 'pending' } });
  if (res.matchedCount) await enqueueCandidateResumeExtraction(customerId, candidateId, fileId);
}
