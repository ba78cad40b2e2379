import { Router } from 'express';

/** /privacy/:token/renew: the one-click consent renewal page a renewal mail links to (GET shows the button, POST renews). */
export const consentRenewalPublicRouter = Router();
