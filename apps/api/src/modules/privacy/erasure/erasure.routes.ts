import { Router, type Request } from 'express';
import { PrivacyApi, ZEraseCandidate, ZErasureQuery, ZRefuseErasure, type TErasureState } from '@hireflow/contracts/privacy';
import { ZObjectId } from '@hireflow/contracts/common';
import { z } from 'zod';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { approveErasure, eraseCandidateDirectly, listErasureRequests, refuseErasure } from './erasure-queue.service';

/** The erasure queue (list, approve, refuse) and erasing a candidate from the profile. Mounted by privacy.routes.ts. */
export const erasureRouter = Router();

const ZIdParams = z.object({ id: ZObjectId });
const ZCandidateParams = z.object({ candidateId: ZObjectId });

function callerOf(req: Request) {
  const { user } = authOf(req);
  return { customerId: tenantOf(req), actor: { id: user._id, name: `${user.firstName} ${user.lastName ?? ''}`.trim() }, at: new Date(clockOf(req).now()) };
}

const admin = [requireAuth, requireRight('companySettings')];

erasureRouter.get(apiPath(PrivacyApi.erasureRequests), ...admin, validate({ query: ZErasureQuery }), async (req, res) => {
  const { state, page } = req.query as unknown as { state?: TErasureState; page: number };
  res.json(await listErasureRequests({ customerId: tenantOf(req), state, page, now: new Date(clockOf(req).now()) }));
});

erasureRouter.post(apiPath(PrivacyApi.approveErasure(':id')), ...admin, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await approveErasure(callerOf(req), req.params.id as string));
});

erasureRouter.post(apiPath(PrivacyApi.refuseErasure(':id')), ...admin, validate({ params: ZIdParams, body: ZRefuseErasure }), async (req, res) => {
  const publicUrl = (req.app.locals.config as { publicUrl: string }).publicUrl;
  res.json(await refuseErasure({ ...callerOf(req), publicUrl }, req.params.id as string, (req.body as { reason: string }).reason));
});

erasureRouter.post(apiPath(PrivacyApi.eraseCandidate(':candidateId')), ...admin, validate({ params: ZCandidateParams, body: ZEraseCandidate }), async (req, res) => {
  res.json(await eraseCandidateDirectly(callerOf(req), req.params.candidateId as string, (req.body as { confirmName: string }).confirmName));
});
