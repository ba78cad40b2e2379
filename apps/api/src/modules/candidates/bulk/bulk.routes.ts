import { Router, type Request } from 'express';
import type { z } from 'zod';
import { CandidatesBulkApi, ZBulkAddToJobRequest, ZBulkExportRequest, ZBulkTagsRequest } from '@hireflow/contracts/candidates-bulk';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { startExport } from '../../exports/exports.service';
import { bulkAddToJob, bulkTags, bulkTargets } from './bulk.service';
import { CandidatesExportJob } from './candidates-export';

/** Bulk actions on a selection of candidates (at most CandidatesBulk.maxIds): recruiters, admins and super users. */
export const bulkRouter = Router();

const caller = (req: Request) => ({ ...authOf(req), customerId: tenantOf(req) });

bulkRouter.post(apiPath(CandidatesBulkApi.tags), requireAuth, validate({ body: ZBulkTagsRequest }), async (req, res) => {
  res.json(await bulkTags(caller(req), req.body as z.output<typeof ZBulkTagsRequest>));
});

bulkRouter.post(apiPath(CandidatesBulkApi.addToJob), requireAuth, validate({ body: ZBulkAddToJobRequest }), async (req, res) => {
  res.json(await bulkAddToJob(caller(req), req.body as z.output<typeof ZBulkAddToJobRequest>));
});

/** 202 { jobId }: the Excel file is written in the background; progress and file at /api/exports/:id. */
bulkRouter.post(apiPath(CandidatesBulkApi.export), requireAuth, validate({ body: ZBulkExportRequest }), async (req, res) => {
  const c = caller(req);
  const { found } = await bulkTargets(c, (req.body as z.output<typeof ZBulkExportRequest>).candidateIds, ['_id']);
  const payload = { customerId: String(c.customerId), requestedBy: String(c.userId), candidateIds: found.map((f) => String(f._id)) };
  res.status(202).json(await startExport({ config: req.app.locals.config, definition: CandidatesExportJob, payload }));
});
