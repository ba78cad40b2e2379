import { Router, type Request } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { OfferApi } from '@hireflow/contracts/offers';
import {
  OnboardingApi,
  ZCreateOnboardingDocumentRequest,
  ZReorderOnboardingDocumentsRequest,
  ZReviewOnboardingDocumentRequest,
  ZUpdateOnboardingDocumentRequest,
} from '@hireflow/contracts/offers-onboarding';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { createOnboardingDocument, deleteOnboardingDocument, listOnboardingDocuments, reorderOnboardingDocuments, updateOnboardingDocument } from './onboarding-settings.service';
import { getApplicationOnboarding, getOfferOnboarding, reviewOnboardingDocument } from './onboarding.service';

/** The onboarding documents' settings (company settings, like the other lists) and the recruiter's review. */
export const onboardingRouter = Router();

const settingsRight = requireRight(CompanySettingsPages['onboarding-documents']);
const ZIdParams = z.object({ id: ZObjectId });
const ZReviewParams = z.object({ id: ZObjectId, documentId: ZObjectId });
const mailCtx = (req: Request) => ({ config: req.app.locals.config, logger: req.log });

onboardingRouter.get(apiPath(OfferApi.onboardingDocuments), requireAuth, settingsRight, async (req, res) => {
  res.json(await listOnboardingDocuments(tenantOf(req)));
});
onboardingRouter.post(apiPath(OfferApi.onboardingDocuments), requireAuth, settingsRight, validate({ body: ZCreateOnboardingDocumentRequest }), async (req, res) => {
  res.status(201).json(await createOnboardingDocument({ customerId: tenantOf(req), input: req.body }));
});
// Before /:id, so "order" is not taken for an id.
onboardingRouter.put(apiPath(OnboardingApi.order), requireAuth, settingsRight, validate({ body: ZReorderOnboardingDocumentsRequest }), async (req, res) => {
  res.json(await reorderOnboardingDocuments({ customerId: tenantOf(req), ids: (req.body as z.infer<typeof ZReorderOnboardingDocumentsRequest>).ids }));
});
onboardingRouter.patch(apiPath(OfferApi.onboardingDocument), requireAuth, settingsRight, validate({ params: ZIdParams, body: ZUpdateOnboardingDocumentRequest }), async (req, res) => {
  res.json(await updateOnboardingDocument({ customerId: tenantOf(req), id: req.params.id as string, input: req.body }));
});
onboardingRouter.delete(apiPath(OfferApi.onboardingDocument), requireAuth, settingsRight, validate({ params: ZIdParams }), async (req, res) => {
  await deleteOnboardingDocument({ customerId: tenantOf(req), id: req.params.id as string });
  res.status(204).end();
});

onboardingRouter.get(apiPath(OnboardingApi.applicationOnboarding), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getApplicationOnboarding({ customerId: tenantOf(req), actor: authOf(req).user, applicationId: req.params.id as string }));
});
onboardingRouter.get(apiPath(OfferApi.onboarding), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getOfferOnboarding({ customerId: tenantOf(req), actor: authOf(req).user, offerId: req.params.id as string }));
});
onboardingRouter.post(apiPath(OfferApi.reviewOnboardingDocument), requireAuth, validate({ params: ZReviewParams, body: ZReviewOnboardingDocumentRequest }), async (req, res) => {
  const { id, documentId } = req.params as z.infer<typeof ZReviewParams>;
  res.json(await reviewOnboardingDocument(mailCtx(req), { customerId: tenantOf(req), actor: authOf(req).user, offerId: id, documentId, input: req.body }));
});
