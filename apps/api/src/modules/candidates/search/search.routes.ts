import { Router } from 'express';
import { ZCandidateIdParams } from '@hireflow/contracts/candidates';
import { CandidateSearchApi, ZCandidateSearchQuery, ZSavedSearchRequest } from '@hireflow/contracts/candidates-search';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { searchCandidates } from './search.service';
import { deleteSavedSearch, listSavedSearches, saveSearch } from './saved-searches.service';

export const searchRouter = Router();

const caller = (req: Parameters<typeof authOf>[0]) => ({ ...authOf(req), customerId: tenantOf(req) });

searchRouter.get(apiPath(CandidateSearchApi.search), requireAuth, validate({ query: ZCandidateSearchQuery }), async (req, res) => {
  res.json(await searchCandidates(caller(req), req.query as never));
});

searchRouter.get(apiPath(CandidateSearchApi.savedSearches), requireAuth, async (req, res) => {
  res.json(await listSavedSearches(caller(req)));
});

searchRouter.post(apiPath(CandidateSearchApi.savedSearches), requireAuth, validate({ body: ZSavedSearchRequest }), async (req, res) => {
  res.status(201).json(await saveSearch(caller(req), req.body));
});

searchRouter.delete(apiPath(CandidateSearchApi.savedSearch), requireAuth, validate({ params: ZCandidateIdParams }), async (req, res) => {
  await deleteSavedSearch(caller(req), req.params.id as string);
  res.status(204).end();
});
