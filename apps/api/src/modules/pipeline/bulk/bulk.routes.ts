import { Router } from 'express';
import type { z } from 'zod';
import { BulkApi, ZBulkApplicationsRequest } from '@hireflow/contracts/pipeline';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { bulkApplications } from './bulk-applications';

export const bulkApplicationsRouter = Router();

bulkApplicationsRouter.post(apiPath(BulkApi.applications), requireAuth, validate({ body: ZBulkApplicationsRequest }), async (req, res) => {
  const { user } = authOf(req);
  res.json(await bulkApplications({ customerId: tenantOf(req), actor: user, input: req.body as z.output<typeof ZBulkApplicationsRequest> }));
});
