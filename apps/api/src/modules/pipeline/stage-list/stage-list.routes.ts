import { Router } from 'express';
import type { z } from 'zod';
import { StageListApi, ZStageListQuery } from '@hireflow/contracts/pipeline';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { listStage } from './stage-list';

export const stageListRouter = Router();

stageListRouter.get(apiPath(StageListApi.list), requireAuth, validate({ query: ZStageListQuery }), async (req, res) => {
  const { user } = authOf(req);
  res.json(await listStage({ customerId: tenantOf(req), actor: user, query: req.query as unknown as z.output<typeof ZStageListQuery> }));
});
