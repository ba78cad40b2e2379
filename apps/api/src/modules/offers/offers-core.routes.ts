import { Router, type Request } from 'express';
import { OfferApi, ZCreateOfferRequest, ZOfferOutcomeRequest, ZOffersQuery, ZRevokeOfferRequest, ZUpdateOfferRequest, type TOffersQuery } from '@hireflow/contracts/offers';
import { ZIdParams } from '@hireflow/contracts/jobs';
import { requireAuth } from '../../lib/auth';
import { clockOf } from '../../lib/clock';
import { validate } from '../../lib/validate';
import { apiPath, jobsContext } from '../jobs/jobs.context';
import { createOffer, getOffer, submitOffer, updateOffer } from './offers.service';
import { recordOfferOutcome, revokeOffer } from './offer-lifecycle';
import { listApplicationOffers, listOffers, listOffersAwaitingAnswer } from './offer-lists';
import { offerOptions } from './offer-options';

/** Offers themselves: create, change, submit, revoke, outcome, and the lists. Who may do what is in the services. */
export const offersCoreRouter = Router();

const ZPageQuery = ZOffersQuery.pick({ page: true });
const ctxOf = (req: Request) => ({ ...jobsContext(req), now: new Date(clockOf(req).now()) });
const idOf = (req: Request) => req.params.id as string;

// The fixed /offers/awaiting-answer before /offers/:id.
offersCoreRouter.get(apiPath(OfferApi.offersAwaitingAnswer), requireAuth, validate({ query: ZPageQuery }), async (req, res) => {
  res.json(await listOffersAwaitingAnswer(ctxOf(req), (req.query as unknown as { page: number }).page));
});

offersCoreRouter.get(apiPath(OfferApi.offers), requireAuth, validate({ query: ZOffersQuery }), async (req, res) => {
  res.json(await listOffers(ctxOf(req), req.query as unknown as TOffersQuery));
});

offersCoreRouter.get(apiPath(OfferApi.applicationOffers), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  const ctx = ctxOf(req);
  res.json(await listApplicationOffers(ctx, idOf(req), ctx.now));
});

offersCoreRouter.post(apiPath(OfferApi.applicationOffers), requireAuth, validate({ params: ZIdParams, body: ZCreateOfferRequest }), async (req, res) => {
  res.status(201).json(await createOffer(ctxOf(req), idOf(req), req.body));
});

offersCoreRouter.get(apiPath(OfferApi.offerOptions), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await offerOptions(ctxOf(req), idOf(req)));
});

offersCoreRouter.get(apiPath(OfferApi.offer), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getOffer(ctxOf(req), idOf(req)));
});

offersCoreRouter.put(apiPath(OfferApi.offer), requireAuth, validate({ params: ZIdParams, body: ZUpdateOfferRequest }), async (req, res) => {
  res.json(await updateOffer(ctxOf(req), idOf(req), req.body));
});

offersCoreRouter.post(apiPath(OfferApi.submit), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await submitOffer(ctxOf(req), idOf(req)));
});

offersCoreRouter.post(apiPath(OfferApi.revoke), requireAuth, validate({ params: ZIdParams, body: ZRevokeOfferRequest }), async (req, res) => {
  res.json(await revokeOffer(ctxOf(req), idOf(req), req.body));
});

offersCoreRouter.post(apiPath(OfferApi.outcome), requireAuth, validate({ params: ZIdParams, body: ZOfferOutcomeRequest }), async (req, res) => {
  res.json(await recordOfferOutcome(ctxOf(req), idOf(req), req.body));
});
