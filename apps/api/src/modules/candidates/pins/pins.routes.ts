import { Router } from 'express';
import { CandidatesApi, ZCandidateIdParams } from '@hireflow/contracts/candidates';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { listPinned, pinCandidate, unpinCandidate } from './pins.service';

export const pinsRouter = Router();

const caller = (req: Parameters<typeof authOf>[0]) => ({ ...authOf(req), customerId: tenantOf(req) });

pinsRouter.get(apiPath(CandidatesApi.pinned), requireAuth, async (req, res) => {
  res.json(await listPinned(caller(req)));
});

pinsRouter.put(apiPath(CandidatesApi.pin), requireAuth, validate({ params: ZCandidateIdParams }), async (req, res) => {
  res.json(await pinCandidate(caller(req), req.params.id as string));
});

pinsRouter.delete(apiPath(CandidatesApi.pin), requireAuth, validate({ params: ZCandidateIdParams }), async (req, res) => {
  res.json(await unpinCandidate(caller(req), req.params.id as string));
});
