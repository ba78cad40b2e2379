import sanitizeHtml from 'sanitize-html';
import { Types } from 'mongoose';
import type { TResumeBatch, TResumeBatchCommitResult, TResumePreview, TResumeUploaded, TBatchRowResult } from '@hireflow/contracts/candidates-resumes';
import { ZBatchRowFields } from '@hireflow/contracts/candidates-resumes';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../lib/auth';
import { withTransaction } from '../../jobs/with-transaction';
import { openReadableFile, readStoredFile, setFileOwner, storeFile } from '../../files/files.service';
import { resumeContentType, type UploadedFile } from '../../files/resume-check';
import { Candidate } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';
import { assertManagesCandidates, findVisibleCandidate } from '../candidates.access';
import { createCandidate } from '../intake/create-candidate';
import { docxToHtml } from './resume-extract';
import { enqueueBatchExtractions, enqueueCandidateResumeExtraction } from './resume-extract.job';
import { NoSuggestions } from './resume-suggest';
import { ResumeBatch, ResumeBatchFile, ResumeBatchKeepDays, type ResumeBatchFileDoc } from './resume-batch.model';
import type { BatchUpload } from './resume-upload';

type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };

/**
 * A recruiter's new résumé for a candidate: stored owned by the candidate (so whoever sees them may read
 * it), set as their résumé with its text pending, on their timeline, and its text extracted in the background.
 */
export async function replaceResume(caller: Caller, candidateId: string, file: UploadedFile): Promise<TResumeUploaded> {
  assertManagesCandidates(caller.user);
  const { candidate } = await findVisibleCandidate(caller, candidateId);
  const { customerId } = caller;
  const fileId = await storeFile({ customerId, owner: { kind: 'candidate', id: candidate._id }, buffer: file.buffer, filename: file.originalname, contentType: resumeContentType(file), kind: 'resume', uploadedBy: caller.user._id });
  await Candidate.updateOne({ customerId, _id: candidate._id }, { $set: { resumeFileId: fileId, resumeFilename: file.originalname, resumeText: '', resumeTextState: 'pending' } });
  await recordCandidateActivity({ customerId, candidateId: candidate._id, kind: 'file_added', by: caller.user._id, summary: `Résumé uploaded: ${file.originalname}`, data: { fileId, filename: file.originalname } });
  await enqueueCandidateResumeExtraction(customerId, candidate._id, fileId);
  return { fileId, filename: file.originalname, textState: 'pending' };
}

/** What a DOCX résumé may keep once it is HTML: text structure, no scripts, styles, links' handlers or images. */
export function sanitizeResumeHtml(html: string) {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'sup', 'sub'],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  }).trim();
}

/**
 * How the profile shows a candidate's résumé: a PDF in the browser's viewer (the file itself, read via
 * /api/files/:id), a DOCX as sanitised HTML, or nothing. A caller who sees the candidate but not this
 * file (the résumé came with an application to a job they are not on) gets 'none'.
 */
export async function resumePreview(caller: Caller, candidateId: string): Promise<TResumePreview> {
  const { candidate } = await findVisibleCandidate(caller, candidateId);
  return previewResumeFile(caller, { fileId: candidate.resumeFileId, filename: candidate.resumeFilename, textState: candidate.resumeTextState ?? 'none' });
}

/** How one stored résumé shows inline (a candidate's, or the one an application came with), for a caller allowed to read it. */
export async function previewResumeFile(caller: Caller, { fileId, filename, textState }: { fileId: string | null | undefined; filename: string | null | undefined; textState: TResumePreview['textState'] }): Promise<TResumePreview> {
  const base = { fileId: null, filename: '', textState } as const;
  if (!fileId) return { kind: 'none', ...base };
  try {
    const opened = await openReadableFile({ customerId: caller.customerId, actor: caller.user, id: fileId });
    opened.stream.destroy();
    const meta = { fileId, filename: filename || opened.filename, textState };
    if (opened.contentType === 'application/pdf') return { kind: 'pdf', ...meta };
    const file = await readStoredFile(caller.customerId, fileId);
    const html = file ? await docxToHtml(file.buffer) : null;
    return html === null ? { kind: 'none', ...meta } : { kind: 'html', ...meta, html: sanitizeResumeHtml(html) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { kind: 'none', ...base };
    throw error;
  }
}

// ----- bulk résumé upload --------------------------------------------------------------------

const addDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);

/** Starts a batch whose files `read` stores (owned by the batch), then queues each file's extraction. */
export async function createResumeBatch(caller: Caller, read: (batchId: Types.ObjectId) => Promise<BatchUpload[]>): Promise<TResumeBatch> {
  assertManagesCandidates(caller.user);
  const { customerId } = caller;
  const batchId = new Types.ObjectId();
  const uploads = await read(batchId);
  const expiresAt = addDays(ResumeBatchKeepDays);
  await ResumeBatch.create({ _id: batchId, customerId, createdBy: caller.user._id, total: uploads.length, expiresAt });
  const files = uploads.map((u) => ({
    _id: new Types.ObjectId(),
    customerId,
    batchId,
    index: u.index,
    filename: u.filename,
    fileId: u.fileId,
    state: u.fileId ? 'pending' : 'rejected',
    problem: u.problem,
    expiresAt,
  }));
  await ResumeBatchFile.insertMany(files);
  await enqueueBatchExtractions(
    customerId,
    caller.user._id,
    files.filter((f) => f.fileId).map((f) => ({ batchFileId: f._id, fileId: f.fileId! })),
  );
  return getResumeBatch(caller, String(batchId));
}

async function findOwnBatch(caller: Caller, id: string) {
  assertManagesCandidates(caller.user);
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Upload');
  const batch = await ResumeBatch.findOne({ customerId: caller.customerId, _id: new Types.ObjectId(id), createdBy: caller.user._id }).lean();
  if (!batch) throw AppError.notFound('Upload');
  return batch;
}

const presentFile = (f: ResumeBatchFileDoc) => ({
  index: f.index,
  filename: f.filename,
  fileId: f.fileId ?? null,
  state: f.state,
  problem: f.problem,
  suggestions: { ...NoSuggestions, ...(f.suggestions ?? {}) },
  result: f.result?.outcome ? { outcome: f.result.outcome, candidateId: f.result.candidateId ?? null, message: f.result.message ?? '' } : null,
});

/** A batch's progress and each file's suggestions (its uploader's alone; anyone else gets 404). */
export async function getResumeBatch(caller: Caller, id: string): Promise<TResumeBatch> {
  const batch = await findOwnBatch(caller, id);
  const files = (await ResumeBatchFile.find({ customerId: caller.customerId, batchId: batch._id }, { text: 0 }).sort({ index: 1 }).lean()) as unknown as ResumeBatchFileDoc[];
  return {
    id: String(batch._id),
    createdAt: batch.createdAt.toISOString(),
    total: batch.total,
    done: files.filter((f) => f.state !== 'pending').length,
    files: files.map(presentFile) as TResumeBatch['files'],
  };
}

const FieldLabels: Record<string, string> = { firstName: 'First name', lastName: 'Last name', email: 'Email', phone: 'Phone', currentTitle: 'Current title', skills: 'Skills' };

/**
 * Saves the rows the recruiter chose, each on its own: a new candidate (source 'sourced') with the
 * résumé and its text, or "already in the database" naming the existing candidate, or invalid with
 * the reason. A row is written whole or not at all; a row saved once is not saved again.
 */
export async function commitResumeBatch(caller: Caller, id: string, rows: { index: number; fields: Record<string, unknown> }[]): Promise<TResumeBatchCommitResult> {
  const batch = await findOwnBatch(caller, id);
  const { customerId } = caller;
  const files = (await ResumeBatchFile.find({ customerId, batchId: batch._id, index: { $in: rows.map((r) => r.index) } }).lean()) as ResumeBatchFileDoc[];
  const byIndex = new Map(files.map((f) => [f.index, f]));
  const out: TResumeBatchCommitResult['rows'] = [];
  for (const row of rows) {
    const file = byIndex.get(row.index);
    const result = await commitRow(caller, file, row.fields);
    if (file && result.outcome !== 'invalid') await ResumeBatchFile.updateOne({ customerId, _id: file._id }, { $set: { result } });
    if (file?.state === 'pending' && result.outcome === 'created') await catchUpText(customerId, file, result.candidateId!);
    out.push({ index: row.index, ...result });
  }
  return { rows: out };
}

/** Saved while its text was being extracted: if the extraction finished meanwhile, the candidate gets its text now. */
async function catchUpText(customerId: Types.ObjectId, file: ResumeBatchFileDoc, candidateId: string) {
  const now = await ResumeBatchFile.findOne({ customerId, _id: file._id }, { state: 1, text: 1 }).lean();
  if (!now || now.state === 'pending') return;
  await Candidate.updateOne({ customerId, _id: new Types.ObjectId(candidateId), resumeFileId: file.fileId, resumeTextState: 'pending' }, { $set: { resumeText: now.text, resumeTextState: now.state } });
}

async function commitRow(caller: Caller, file: ResumeBatchFileDoc | undefined, raw: Record<string, unknown>): Promise<TBatchRowResult> {
  const { customerId } = caller;
  const invalid = (message: string): TBatchRowResult => ({ outcome: 'invalid', candidateId: null, message });
  if (!file) return invalid('This row is not part of the upload.');
  if (file.result?.outcome === 'created') return { outcome: 'created', candidateId: file.result.candidateId ?? null, message: 'Already saved.' };
  if (!file.fileId) return invalid(file.problem || 'This file was not stored.');
  const parsed = ZBatchRowFields.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    return invalid(`${FieldLabels[field] ?? field} ${issue.message}.`.trim());
  }
  try {
    const created = await withTransaction(async (session) => {
      const candidate = await createCandidate({ customerId, by: caller.user._id, fields: parsed.data, source: 'sourced', consentSource: 'Added by a recruiter (bulk résumé upload)', resume: { fileId: file.fileId!, filename: file.filename }, session });
      const textState = file.state === 'pending' ? 'pending' : file.state === 'extracted' ? 'extracted' : 'unreadable';
      await Candidate.updateOne({ customerId, _id: candidate._id }, { $set: { resumeText: file.text ?? '', resumeTextState: textState } }, { session });
      await recordCandidateActivity({ customerId, candidateId: candidate._id, kind: 'file_added', by: caller.user._id, summary: `Résumé uploaded: ${file.filename}`, data: { fileId: file.fileId, filename: file.filename } }, session);
      return candidate;
    });
    await setFileOwner(customerId, file.fileId, { kind: 'candidate', id: created._id });
    return { outcome: 'created', candidateId: String(created._id), message: '' };
  } catch (error) {
    if (error instanceof AppError && error.status === 409) {
      const existing = (error.details as { candidateId?: string } | undefined)?.candidateId ?? null;
      return { outcome: 'duplicate', candidateId: existing, message: error.message };
    }
    throw error;
  }
}
