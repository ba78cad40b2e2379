import { Router } from 'express';

/**
 * /careers/:slug/privacy: a candidate enters their email and gets a fresh privacy link by mail. The answer is the
 * same whether the email is known or not (no enumeration); rate-limited per IP and per email.
 */
export const privacyRequestPublicRouter = Router();
