import type { Types } from 'mongoose';
import { Candidate } from '../modules/candidates/candidate.model';
import { ResumeExtractJob, type ResumeExtractPayload } from '../modules/candidates/resumes/resume-extract.job';
import { enqueueJobs } from '../lib/job-queue';

/**
 * Demo résumés are read like real ones: every demo candidate with a résumé whose text was never
 * extracted is marked pending and queued, so the background worker fills in their text (and search finds
 * it) a few seconds after the first start. Call it after every seed that gives candidates résumés.
 */
export async function seedResumeText() {
  const pending = (await Candidate.find({ resumeFileId: { $ne: null }, resumeTextState: 'none' }, { customerId: 1, resumeFileId: 1 })
    .setOptions({ crossTenant: true })
    .lean()) as { _id: Types.ObjectId; customerId: Types.ObjectId; resumeFileId: string }[];
  if (pending.length === 0) return 0;
  await Candidate.updateMany({ _id: { $in: pending.map((c) => c._id) } }, { $set: { resumeTextState: 'pending' } }).setOptions({ crossTenant: true });
  return enqueueJobs<ResumeExtractPayload>(
    ResumeExtractJob.name,
    pending.map((c) => ({ payload: { customerId: String(c.customerId), candidateId: String(c._id), fileId: c.resumeFileId }, opts: { customerId: c.customerId } })),
  );
}
