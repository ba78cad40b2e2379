import type { Request, Response } from 'express';
import multer, { type StorageEngine } from 'multer';
import { Types } from 'mongoose';
import { ResumeUpload } from '@hireflow/contracts/candidates';
import { ResumeBatchLimits, ResumeMessagesWeb } from '@hireflow/contracts/candidates-resumes';
import { ErrorCodes } from '@hireflow/contracts/error-codes';
import { AppError } from '../../../lib/app-error';
import { deleteFile, storeFile } from '../../files/files.service';
import { ResumeMessages, checkResume, resumeContentType, resumeProblemStatus, type UploadedFile } from '../../files/resume-check';

const singleWith = (fields: number) =>
  multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: ResumeUpload.maxBytes, files: 1, fields, parts: fields + 1, fieldSize: 16 * 1024 },
  }).single('resume');
const single = singleWith(5);
const withFormFields = singleWith(12);

/** A multipart form of up to 12 short text fields and at most one résumé (field "resume"): the fields are in req.body; the résumé, when sent, checked like every résumé. */
export async function readFormWithOptionalResume(req: Request, res: Response): Promise<UploadedFile | null> {
  await parseUpload(withFormFields, req, res);
  const file = req.file as UploadedFile | undefined;
  if (!file) return null;
  const problem = await checkResume(file);
  if (problem) throw new AppError(resumeProblemStatus(problem) === 413 ? ErrorCodes.tooLarge : ErrorCodes.badRequest, { message: problem, status: resumeProblemStatus(problem) });
  return file;
}

function parseUpload(handler: ReturnType<typeof singleWith>, req: Request, res: Response) {
  return new Promise<void>((resolve, reject) =>
    handler(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return reject(new AppError(ErrorCodes.tooLarge, { message: ResumeMessages.tooLarge, status: 413 }));
      reject(AppError.badRequest('The upload could not be read. Please try again.'));
    }),
  );
}

/** The one résumé of a multipart request (field "resume"), checked like every résumé; 400 / 413 otherwise. */
export async function readOneResume(req: Request, res: Response): Promise<UploadedFile> {
  await parseUpload(single, req, res);
  const file = req.file as UploadedFile | undefined;
  if (!file) throw AppError.badRequest(ResumeMessagesWeb.noFiles);
  const problem = await checkResume(file);
  if (problem) throw new AppError(resumeProblemStatus(problem) === 413 ? ErrorCodes.tooLarge : ErrorCodes.badRequest, { message: problem, status: resumeProblemStatus(problem) });
  return file;
}

/** One file of a bulk upload, as the storage engine left it: stored (fileId), or refused with a reason. */
export type BatchUpload = { index: number; filename: string; fileId: string | null; problem: string };

/**
 * Streams each file of a bulk upload into storage as it arrives, so a hundred résumés never sit in
 * memory together: each is read (at most 5 MB), checked like any résumé, and stored owned by the batch
 * or noted as refused. If the request fails halfway, what was stored is removed again.
 */
function batchStorage(customerId: Types.ObjectId, batchId: Types.ObjectId, uploadedBy: Types.ObjectId): StorageEngine & { results: BatchUpload[]; writes: Promise<unknown>[] } {
  const results: BatchUpload[] = [];
  const writes: Promise<unknown>[] = [];
  return {
    results,
    writes,
    _handleFile(_req, file, cb) {
      const index = results.length;
      const slot: BatchUpload = { index, filename: file.originalname.slice(0, 200), fileId: null, problem: '' };
      results.push(slot);
      const chunks: Buffer[] = [];
      file.stream.on('data', (c: Buffer) => chunks.push(c));
      file.stream.on('error', (error) => cb(error));
      file.stream.on('end', () => {
        const buffer = Buffer.concat(chunks);
        const uploaded: UploadedFile = { buffer, originalname: file.originalname, mimetype: file.mimetype, size: buffer.length };
        const write = checkResume(uploaded)
          .then(async (problem) => {
            if (problem) slot.problem = problem;
            else
              slot.fileId = await storeFile({ customerId, owner: { kind: 'resume-batch', id: batchId }, buffer, filename: file.originalname, contentType: resumeContentType(uploaded), kind: 'resume', uploadedBy });
            cb(null, { size: buffer.length });
          })
          .catch((error: unknown) => cb(error as Error));
        writes.push(write);
      });
    },
    _removeFile(_req, _file, cb) {
      cb(null);
    },
  };
}

/** Reads a bulk upload (field "files", at most 100) into storage; 400 for too many or none. */
export async function readBatchUpload(req: Request, res: Response, { customerId, batchId, uploadedBy }: { customerId: Types.ObjectId; batchId: Types.ObjectId; uploadedBy: Types.ObjectId }): Promise<BatchUpload[]> {
  const storage = batchStorage(customerId, batchId, uploadedBy);
  const upload = multer({ storage, limits: { fileSize: ResumeUpload.maxBytes, files: ResumeBatchLimits.maxFiles, fields: 5, parts: ResumeBatchLimits.maxFiles + 5 } }).array('files', ResumeBatchLimits.maxFiles);
  try {
    await new Promise<void>((resolve, reject) =>
      upload(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError) {
          if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return reject(AppError.badRequest(ResumeMessagesWeb.tooManyFiles));
          if (error.code === 'LIMIT_FILE_SIZE') return reject(new AppError(ErrorCodes.tooLarge, { message: `One of the files is larger than ${ResumeUpload.maxBytes / 1024 / 1024} MB. Please leave it out or upload a smaller file.`, status: 413 }));
        }
        reject(AppError.badRequest('The upload could not be read. Please try again.'));
      }),
    );
  } catch (error) {
    // A file may still be on its way into storage when the request fails: wait for it, then remove all.
    await Promise.allSettled(storage.writes);
    await Promise.all(storage.results.filter((r) => r.fileId).map((r) => deleteFile(r.fileId!)));
    throw error;
  }
  if (storage.results.length === 0) throw AppError.badRequest(ResumeMessagesWeb.noFiles);
  return storage.results;
}
