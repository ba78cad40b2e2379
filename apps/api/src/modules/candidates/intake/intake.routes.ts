import express, { Router, type RequestHandler } from 'express';
import { ZCandidateIdParams } from '@hireflow/contracts/candidates';
import { CandidateImportRules, IntakeApi, ZCreateCandidateRequest, ZDuplicateCheckQuery, ZImportMappingRequest, ZMergeRequest } from '@hireflow/contracts/candidates-intake';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { addCandidate, checkDuplicates, duplicatesOf } from './intake.service';
import { mergeCandidates } from './merge-candidates';
import { dryRunImport, importStatus, startImport, uploadImport } from './import-candidates';

/** Adding candidates (form, import) and keeping one person one candidate (duplicates, merge). */
export const intakeRouter = Router();

const caller = (req: Parameters<typeof authOf>[0]) => ({ ...authOf(req), customerId: tenantOf(req) });
const ZUploadParams = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, { error: 'must be an upload id' }) });
const ZJobParams = z.object({ jobId: z.string().regex(/^[a-f0-9]{24}$/i, { error: 'must be a valid id' }) });

intakeRouter.post(apiPath(IntakeApi.create), requireAuth, validate({ body: ZCreateCandidateRequest }), async (req, res) => {
  res.status(201).json(await addCandidate(caller(req), req.body));
});

intakeRouter.get(apiPath(IntakeApi.duplicatesCheck), requireAuth, validate({ query: ZDuplicateCheckQuery }), async (req, res) => {
  res.json(await checkDuplicates(caller(req), req.query as unknown as z.output<typeof ZDuplicateCheckQuery>));
});

const importTypes = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/octet-stream'];
const rawImport = express.raw({ type: importTypes, limit: CandidateImportRules.maxBytes });
/** The file as the request body; a too large one is refused with the import's own limit. */
const readImportFile: RequestHandler = (req, res, next) =>
  rawImport(req, res, (error?: unknown) => {
    if ((error as { type?: string })?.type === 'entity.too.large') {
      next(new AppError('payload_too_large', { status: 413, message: `The file is larger than ${CandidateImportRules.maxBytes / 1024 / 1024} MB; split it into smaller files.` }));
    } else next(error as Error | undefined);
  });

intakeRouter.post(apiPath(IntakeApi.importUpload), requireAuth, readImportFile, async (req, res) => {
  let fileName = 'import';
  try {
    fileName = decodeURIComponent(String(req.headers['x-file-name'] ?? 'import'));
  } catch {
    // a badly encoded name is only a label
  }
  res.json(
    await uploadImport(caller(req), {
      config: req.app.locals.config,
      file: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      contentType: String(req.headers['content-type'] ?? ''),
      fileName,
    }),
  );
});

intakeRouter.post(apiPath(IntakeApi.importDryRun), requireAuth, validate({ params: ZUploadParams, body: ZImportMappingRequest }), async (req, res) => {
  res.json(await dryRunImport(caller(req), req.params.uploadId as string, req.body.mapping));
});

intakeRouter.post(apiPath(IntakeApi.importRun), requireAuth, validate({ params: ZUploadParams, body: ZImportMappingRequest }), async (req, res) => {
  res.status(202).json(await startImport(caller(req), req.params.uploadId as string, req.body.mapping));
});

intakeRouter.get(apiPath(IntakeApi.importStatus), requireAuth, validate({ params: ZJobParams }), async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await importStatus(caller(req), req.params.jobId as string));
});

intakeRouter.get(apiPath(IntakeApi.duplicatesOf), requireAuth, validate({ params: ZCandidateIdParams }), async (req, res) => {
  res.json(await duplicatesOf(caller(req), req.params.id as string));
});

intakeRouter.post(apiPath(IntakeApi.merge), requireAuth, validate({ params: ZCandidateIdParams, body: ZMergeRequest }), async (req, res) => {
  res.json(await mergeCandidates(caller(req), req.params.id as string, req.body.otherId));
});

