import { Router } from 'express';
import type { z } from 'zod';
import { BulkApi, ZBulkApplicationsRequest } from '@hireflow/contracts/pipeline';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { limitByUser, type RateRule } from '../../../lib/rate-limit';
import { apiPath } from '../../jobs/jobs.context';
import { bulkApplications } from './bulk-applications';

export const bulkApplicationsRouter = Router();

/** One call acts on up to 500 applicants: a person needs a few a minute, a script hammering it gets slowed down. */
const BulkLimit: RateRule = { name: 'pipeline-bulk', max: 60, windowSeconds: 10 * 60 };

bulkApplicationsRouter.post(apiPath(BulkApi.applications), requireAuth, limitByUser(BulkLimit), validate({ body: ZBulkApplicationsRequest }), async (req, res) => {
  const { user } = authOf(req);
  res.json(await bulkApplications({ customerId: tenantOf(req), actor: user, input: req.body as z.output<typeof ZBulkApplicationsRequest> }));
});
