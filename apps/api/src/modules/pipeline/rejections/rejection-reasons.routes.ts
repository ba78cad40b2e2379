import { Router } from 'express';
import { z } from 'zod';
import { PipelineApi } from '@hireflow/contracts/pipeline';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { ZObjectId } from '@hireflow/contracts/common';
import {
  RejectionReasonsApi,
  ZCreateRejectionReasonRequest,
  ZReorderRejectionReasonsRequest,
  ZUpdateRejectionReasonRequest,
} from '@hireflow/contracts/pipeline-rejections';
import { requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { createRejectionReason, deleteRejectionReason, listRejectionReasons, reorderRejectionReasons, updateRejectionReason } from './rejection-reasons.service';

export const rejectionReasonsRouter = Router();

/** Changing the list is a company-settings list like the others (manage-lists and its right). */
const listsRight = requireRight(CompanySettingsPages['manage-lists']);
const ZIdParams = z.object({ id: ZObjectId });
const ZListQuery = z.object({ usage: z.enum(['true', 'false']).optional() });

/** Every signed-in user of the company may read the list (the reject dialog offers its active reasons); `?usage=true` counts uses. */
rejectionReasonsRouter.get(apiPath(PipelineApi.rejectionReasons), requireAuth, validate({ query: ZListQuery }), async (req, res) => {
  res.json(await listRejectionReasons(tenantOf(req), { usage: (req.query as z.infer<typeof ZListQuery>).usage === 'true' }));
});
rejectionReasonsRouter.post(apiPath(PipelineApi.rejectionReasons), requireAuth, listsRight, validate({ body: ZCreateRejectionReasonRequest }), async (req, res) => {
  res.status(201).json(await createRejectionReason({ customerId: tenantOf(req), input: req.body }));
});
rejectionReasonsRouter.put(apiPath(RejectionReasonsApi.order), requireAuth, listsRight, validate({ body: ZReorderRejectionReasonsRequest }), async (req, res) => {
  res.json(await reorderRejectionReasons({ customerId: tenantOf(req), ids: (req.body as z.infer<typeof ZReorderRejectionReasonsRequest>).ids }));
});
rejectionReasonsRouter.patch(apiPath(PipelineApi.rejectionReason(':id')), requireAuth, listsRight, validate({ params: ZIdParams, body: ZUpdateRejectionReasonRequest }), async (req, res) => {
  res.json(await updateRejectionReason({ customerId: tenantOf(req), id: req.params.id as string, input: req.body }));
});
rejectionReasonsRouter.delete(apiPath(PipelineApi.rejectionReason(':id')), requireAuth, listsRight, validate({ params: ZIdParams }), async (req, res) => {
  await deleteRejectionReason({ customerId: tenantOf(req), id: req.params.id as string });
  res.status(204).end();
});
