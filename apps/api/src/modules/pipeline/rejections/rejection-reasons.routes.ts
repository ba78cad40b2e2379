import { Router } from 'express';
import { PipelineApi, type TRejectionReasonList } from '@hireflow/contracts/pipeline';
import { requireAuth, tenantOf } from '../../../lib/auth';
import { apiPath } from '../../jobs/jobs.context';
import { loadRejectionReasons } from './rejection-reasons';

export const rejectionReasonsRouter = Router();

/** Every signed-in user of the company may read the list (the reject dialog offers its active reasons). */
rejectionReasonsRouter.get(apiPath(PipelineApi.rejectionReasons), requireAuth, async (req, res) => {
  const reasons = await loadRejectionReasons(tenantOf(req));
  const body: TRejectionReasonList = { items: reasons.map((r) => ({ id: String(r._id), label: r.label, active: r.active, usedCount: 0 })) };
  res.json(body);
});
