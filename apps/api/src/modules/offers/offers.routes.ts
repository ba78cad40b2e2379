import { Router } from 'express';
import './offer-approval';
import { offersCoreRouter } from './offers-core.routes';
import { offerLetterRouter } from './letter/offer-letter.routes';
import { onboardingRouter } from './onboarding/onboarding.routes';

/**
 * The offers API (issue 16), one router per sub-area (each adds its one `.use` line). Importing this module
 * also registers the offer approval kind with the approvals module.
 */
export const offersRouter = Router();
offersRouter.use(offersCoreRouter);
offersRouter.use(offerLetterRouter);
offersRouter.use(onboardingRouter);
