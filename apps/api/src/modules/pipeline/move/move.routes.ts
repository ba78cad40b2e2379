import { Router } from 'express';
import { z } from 'zod';
import { PipelineApi, ZMoveApplicationRequest } from '@hireflow/contracts/pipeline';
import { ZObjectId } from '@hireflow/contracts/common';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { moveApplication } from './move-application';

export const moveRouter = Router();

const ZApplicationIdParams = z.object({ id: ZObjectId });

moveRouter.post(apiPath(PipelineApi.move(':id')), requireAuth, validate({ params: ZApplicationIdParams, body: ZMoveApplicationRequest }), async (req, res) => {
  const { user } = authOf(req);
  res.json(await moveApplication({ customerId: tenantOf(req), actor: user, applicationId: req.params.id as string, input: req.body }));
});
