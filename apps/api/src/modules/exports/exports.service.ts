import type { Readable } from 'node:stream';
import { Types } from 'mongoose';
import { ErrorCodes } from '@hireflow/contracts/error-codes';
import { ExportMessages, ExportRules, ExportsApi, type TExportState, type TExportStatus } from '@hireflow/contracts/exports';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { enqueueJob, type JobContext, type JobDefinition } from '../../lib/job-queue';
import { QueueJob, type QueueJobDoc } from '../../lib/job-queue.model';
import { hitRateLimit, type RateRule } from '../../lib/rate-limit';
import type { UserDoc } from '../users/user.model';
import { deleteFile, openReadableFile, storeFile } from '../files/files.service';

/**
 * Large exports as background jobs. An area gives a producer (payload -> file); the job stores the file
 * in GridFS owned by the user who asked (owner kind 'export': nobody else, not even their admin, reads
 * it), and schedules its deletion after ExportRules.keepHours. Job names start with "export.".
 * The platform super admin has no company: their exports carry customerId null and are theirs alone
 * the same way (found by requestedBy, stored with no company, readable only by them).
 */
export type ExportPayload = { customerId: string; requestedBy: string };
/** What any export carries: a company export's payload, or the platform's with customerId null. */
export type AnyExportPayload = { customerId: string | null; requestedBy: string };
/** The file's bytes, or a stream of them for a file too large to hold in memory (piped into GridFS). */
export type ExportFile = { fileName: string; contentType: string } & ({ buffer: Buffer } | { stream: Readable });
type ExportResult = { fileId: string; fileName: string; expiresAt: string };

const keepMs = ExportRules.keepHours * 3600_000;
const StartExportRule: RateRule = { name: 'export-start', max: ExportRules.startsPerUser, windowSeconds: ExportRules.startsWindowSeconds };

/** Deletes an export's file when it expires (a queue job, so a restart does not forget it). */
export const ExpireExportFileJob: JobDefinition<{ fileId: string }> = {
  name: 'exports.expire-file',
  handler: async ({ fileId }) => {
    await deleteFile(fileId);
  },
};

export function exportJob<P extends AnyExportPayload>(name: `export.${string}`, produce: (payload: P, ctx: JobContext) => Promise<ExportFile>): JobDefinition<P> {
  return {
    name,
    maxAttempts: 2,
    backoff: { baseMs: 5_000, maxMs: 5_000 },
    keepForSeconds: ExportRules.keepHours * 3600,
    handler: async (payload, ctx): Promise<ExportResult> => {
      const file = await produce(payload, ctx);
      await ctx.progress(99, 'Saving the file…');
      const requestedBy = new Types.ObjectId(payload.requestedBy);
      const fileId = await storeFile({
        customerId: payload.customerId ? new Types.ObjectId(payload.customerId) : null,
        ...('stream' in file ? { stream: file.stream } : { buffer: file.buffer }),
        filename: file.fileName,
        contentType: file.contentType,
        kind: 'export',
        uploadedBy: requestedBy,
        owner: { kind: 'export', id: requestedBy },
      });
      const expiresAt = new Date(Date.now() + keepMs);
      await enqueueJob(ExpireExportFileJob.name, { fileId: String(fileId) }, { runAt: expiresAt, dedupeKey: `exports.expire-file:${String(fileId)}` });
      return { fileId: String(fileId), fileName: file.fileName, expiresAt: expiresAt.toISOString() };
    },
  };
}

/** Queues an export for the asking user; answers its id for the status calls. */
export async function startExport<P extends AnyExportPayload>({ config, definition, payload }: { config: Pick<Config, 'rateLimitDisabled'>; definition: JobDefinition<P>; payload: P }) {
  await hitRateLimit(config, StartExportRule, `user:${payload.requestedBy}`).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 429) throw new AppError(error.code, { status: 429, message: ExportMessages.tooMany });
    throw error;
  });
  const job = await enqueueJob(definition.name, payload, {
    maxAttempts: definition.maxAttempts,
    customerId: payload.customerId ? new Types.ObjectId(payload.customerId) : null,
    requestedBy: new Types.ObjectId(payload.requestedBy),
  });
  return { jobId: String(job._id) };
}

/** customerId null: the platform super admin's own exports. */
type Asker = { customerId: Types.ObjectId | null; userId: Types.ObjectId; id: string };

/** The asker's own export job, or 404: another user's export does not exist for them. */
async function findExport({ customerId, userId, id }: Asker) {
  const job = await QueueJob.findOne({ _id: id, customerId, requestedBy: userId, name: /^export\./ }).lean<QueueJobDoc>();
  if (!job) throw AppError.notFound('Export');
  return job;
}

const resultOf = (job: QueueJobDoc) => (job.state === 'done' ? (job.result as ExportResult | null) : null);
const isExpired = (result: ExportResult | null) => !!result && new Date(result.expiresAt).getTime() <= Date.now();

export async function exportStatus(asker: Asker): Promise<TExportStatus> {
  const job = await findExport(asker);
  const result = resultOf(job);
  const jobId = String(job._id);
  if (isExpired(result)) return { jobId, state: 'expired', progress: 100, message: ExportMessages.expired };
  const state = job.state as TExportState;
  const base = { jobId, state, progress: job.progress?.percent ?? 0, message: job.progress?.message ?? '' };
  if (state === 'queued' && job.attempts === 0) return { ...base, message: ExportMessages.queued };
  if (state === 'failed') return { ...base, message: ExportMessages.failed };
  if (!result) return base;
  return { ...base, progress: 100, message: '', fileUrl: ExportsApi.file.replace(':id', jobId), fileName: result.fileName, expiresAt: result.expiresAt };
}

export async function openExportFile(asker: Asker & { actor: UserDoc }) {
  const result = resultOf(await findExport(asker));
  if (!result) throw AppError.notFound('Export file');
  if (isExpired(result)) throw new AppError(ErrorCodes.notFound, { status: 410, message: ExportMessages.expired });
  return openReadableFile({ customerId: asker.customerId, actor: asker.actor, id: result.fileId });
}
