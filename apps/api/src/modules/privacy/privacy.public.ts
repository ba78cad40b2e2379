import { Router } from 'express';
import { consentRenewalPublicRouter } from './consent/consent-renewal.public';
import { selfServicePublicRouter } from './self-service/self-service.public';

/** The candidate's pages under /privacy (server-rendered, outside /api). */
export const privacyPublicRouter = Router();
privacyPublicRouter.use(consentRenewalPublicRouter);
privacyPublicRouter.use(selfServicePublicRouter);
