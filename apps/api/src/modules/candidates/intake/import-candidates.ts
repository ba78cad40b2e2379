import { Types } from 'mongoose';
import { ConsentSources } from '@hireflow/contracts/privacy';
import { CandidateImportRules, type TImportField, type TImportJobStatus, type TImportMapping, type TImportPreview, type TImportReport } from '@hireflow/contracts/candidates-intake';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../lib/auth';
import type { ArchiveLimits } from '../../../lib/archive-guard';
import { enqueueJob, type JobContext, type JobDefinition } from '../../../lib/job-queue';
import { QueueJob, type QueueJobDoc } from '../../../lib/job-queue.model';
import { readSheetRows, type SheetRows } from '../../../lib/spreadsheet';
import { openReadableFile, storeFile } from '../../files/files.service';
import { ExpireExportFileJob } from '../../exports/exports.service';
import { hitRateLimit, type RateRule } from '../../../lib/rate-limit';
import type { Config } from '../../../config';
import { withTransaction } from '../../jobs/with-transaction';
import { User, type UserDoc } from '../../users/user.model';
import { Candidate } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';
import { assertManagesCandidates } from '../candidates.access';
import { createCandidate, refreshCandidateMatchKeys } from './create-candidate';
import { columnsOf, fieldList, guessMapping, planRows, reportOf, type PlannedRow } from './import-plan';

type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };

const unreadableMessage = 'The file could not be read. Upload an .xlsx workbook or a .csv file with a header row.';
const tooManyRows = () => AppError.badRequest(`A file may hold at most ${CandidateImportRules.maxRows.toLocaleString('en-US')} candidates; split it into smaller files.`);
/** As the users import: 5,000 rows need far less than 32 MB unpacked; a zip bomb needs far more. */
const ArchiveLimitsOfImport: ArchiveLimits = { maxEntries: 500, maxEntryBytes: 32 * 1024 * 1024, maxTotalBytes: 32 * 1024 * 1024 };
const UploadKind = 'candidate-import';

const readRows = (file: Buffer, contentType: string) =>
  readSheetRows(file, contentType, { maxRows: CandidateImportRules.maxRows, tooManyRows, archiveLimits: ArchiveLimitsOfImport, unreadableMessage });

// --- Upload ------------------------------------------------------------------------------------

const UploadRule: RateRule = {
  name: 'candidate-import-upload',
  max: CandidateImportRules.uploadsPerUser,
  windowSeconds: CandidateImportRules.uploadsWindowSeconds,
  message: (minutes) => `Too many files uploaded. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
};

export async function uploadImport(
  auth: Caller,
  { config, file, contentType, fileName }: { config: Pick<Config, 'rateLimitDisabled'>; file: Buffer; contentType: string; fileName: string },
): Promise<TImportPreview> {
  assertManagesCandidates(auth.user);
  await hitRateLimit(config, UploadRule, `user:${String(auth.user._id)}`);
  if (file.length === 0) throw AppError.badRequest('Choose a file to import (.xlsx or .csv).');
  const sheet = await readRows(file, contentType);
  const name = fileName.trim().slice(0, 200) || 'import';
  const uploadId = await storeFile({
    customerId: auth.customerId,
    // The uploader's alone, like an export: nobody else reads an import file.
    owner: { kind: 'export', id: auth.user._id },
    buffer: file,
    filename: name,
    contentType,
    kind: UploadKind,
    uploadedBy: auth.user._id,
  });
  // Kept for the dry run and the run only: the exports' expiry job deletes it later.
  const expiresAt = new Date(Date.now() + CandidateImportRules.keepHours * 3600_000);
  await enqueueJob(ExpireExportFileJob.name, { fileId: uploadId }, { runAt: expiresAt, dedupeKey: `exports.expire-file:${uploadId}` });
  const columns = columnsOf(sheet);
  return {
    uploadId,
    fileName: name,
    columns,
    sample: sheet.rows.slice(0, CandidateImportRules.sampleRows).map((r) => columns.map((_, i) => r.cells[i] ?? '')),
    rowCount: sheet.rows.length,
    mapping: guessMapping(sheet.header) as Record<string, number>,
  };
}

async function loadUpload(customerId: Types.ObjectId, actor: UserDoc, uploadId: string): Promise<SheetRows & { fileName: string }> {
  const opened = await openReadableFile({ customerId, actor, id: uploadId }).catch(() => {
    throw AppError.notFound('Import file');
  });
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return { ...(await readRows(Buffer.concat(chunks), opened.contentType)), fileName: opened.filename };
}

export async function dryRunImport(auth: Caller, uploadId: string, mapping: TImportMapping): Promise<TImportReport> {
  assertManagesCandidates(auth.user);
  const sheet = await loadUpload(auth.customerId, auth.user as UserDoc, uploadId);
  return reportOf(await planRows(auth.customerId, sheet, mapping));
}

// --- The run (a background job) --------------------------------------------------------------------

type ImportPayload = { customerId: string; requestedBy: string; uploadId: string; mapping: TImportMapping };

/** Each row in its own transaction: a row is written whole or not at all, and a failing row stops no other. */
async function runRow(customerId: Types.ObjectId, by: Types.ObjectId, row: PlannedRow, fileName: string): Promise<PlannedRow> {
  const at = new Date();
  try {
    return await withTransaction(async (session) => {
      if (row.action === 'create' && row.fields) {
        const created = await createCandidate({ customerId, by, fields: row.fields, source: 'import', consentSource: ConsentSources.importedFrom(fileName), at, session });
        await recordCandidateActivity({ customerId, candidateId: created._id, kind: 'imported', by, at, summary: `Imported from ${fileName}`, data: { row: row.row } }, session);
        return { ...row, candidateId: String(created._id) };
      }
      if (row.action === 'update' && row.fill && row.candidateId) {
        const candidateId = new Types.ObjectId(row.candidateId);
        const { skills, tags, ...plain } = row.fill as { skills?: string[]; tags?: string[] } & Record<string, unknown>;
        const filled: string[] = [];
        // Still blank now (someone may have typed it since the dry run): only then is it filled.
        for (const [field, value] of Object.entries(plain)) {
          const res = await Candidate.updateOne({ customerId, _id: candidateId, [field]: { $in: ['', null] } }, { $set: { [field]: value } }, { session });
          if (res.modifiedCount) filled.push(field);
        }
        if (skills?.length || tags?.length) {
          await Candidate.updateOne({ customerId, _id: candidateId }, { $addToSet: { ...(skills?.length ? { skills: { $each: skills } } : {}), ...(tags?.length ? { tags: { $each: tags } } : {}) } }, { session });
          if (skills?.length) filled.push('skills');
          if (tags?.length) filled.push('tags');
        }
        await refreshCandidateMatchKeys(customerId, candidateId, session);
        await recordCandidateActivity(
          { customerId, candidateId, kind: 'imported', by, at, summary: `Updated from ${fileName}: filled ${fieldList(filled as TImportField[]) || 'nothing'}`, data: { row: row.row, filled } },
          session,
        );
        return { ...row, message: `Filled ${fieldList(filled as TImportField[]) || 'nothing'}` };
      }
      return row;
    });
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'could not be saved';
    return { ...row, action: 'skip', message: `Row ${row.row}: ${message}`, candidateId: (error as AppError).details ? ((error as AppError).details as { candidateId?: string }).candidateId ?? null : null };
  }
}

export const CandidateImportJob: JobDefinition<ImportPayload> = {
  name: 'candidates.import',
  // A repeat would find its own rows by email and skip them, but rows without one could come twice.
  maxAttempts: 1,
  keepForSeconds: 7 * 24 * 3600,
  handler: async (payload, ctx: JobContext): Promise<TImportReport> => {
    const customerId = new Types.ObjectId(payload.customerId);
    const by = new Types.ObjectId(payload.requestedBy);
    const actor = (await User.findOne({ customerId, _id: by }).lean()) as UserDoc | null;
    if (!actor) throw new Error('The user who started the import no longer exists');
    await ctx.progress(1, 'Reading the file…');
    const sheet = await loadUpload(customerId, actor, payload.uploadId);
    const planned = await planRows(customerId, sheet, payload.mapping);
    const done: PlannedRow[] = [];
    for (const [i, row] of planned.entries()) {
      done.push(row.action === 'skip' ? row : await runRow(customerId, by, row, sheet.fileName));
      if (i % 25 === 24) await ctx.progress(Math.min(99, Math.round(((i + 1) / planned.length) * 100)), `${i + 1} of ${planned.length} rows`);
    }
    return reportOf(done);
  },
};

export async function startImport(auth: Caller, uploadId: string, mapping: TImportMapping) {
  assertManagesCandidates(auth.user);
  // Refuse an unknown or someone else's upload now, not in the background.
  const opened = await openReadableFile({ customerId: auth.customerId, actor: auth.user as UserDoc, id: uploadId }).catch(() => {
    throw AppError.notFound('Import file');
  });
  opened.stream.destroy();
  const job = await enqueueJob(CandidateImportJob.name, { customerId: String(auth.customerId), requestedBy: String(auth.user._id), uploadId, mapping } satisfies ImportPayload, {
    maxAttempts: 1,
    customerId: auth.customerId,
    requestedBy: auth.user._id,
  });
  return { jobId: String(job._id) };
}

export async function importStatus(auth: Caller, jobId: string): Promise<TImportJobStatus> {
  if (!Types.ObjectId.isValid(jobId)) throw AppError.notFound('Import');
  const job = await QueueJob.findOne({ _id: jobId, customerId: auth.customerId, requestedBy: auth.user._id, name: CandidateImportJob.name }).lean<QueueJobDoc>();
  if (!job) throw AppError.notFound('Import');
  const state = job.state === 'done' || job.state === 'failed' || job.state === 'running' ? job.state : 'queued';
  const message = state === 'failed' ? 'The import stopped before the end: the rows already imported stay, each one whole. Check the database, then import the rest.' : state === 'queued' ? 'Waiting to start…' : (job.progress?.message ?? '');
  return { jobId: String(job._id), state, progress: state === 'done' ? 100 : (job.progress?.percent ?? 0), message, report: state === 'done' ? (job.result as TImportReport) : null };
}
