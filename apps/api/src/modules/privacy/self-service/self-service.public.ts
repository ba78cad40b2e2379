import { Router } from 'express';

/**
 * The candidate's privacy page at /privacy/:token (outside /api): what the company holds, the ZIP download of all
 * of it, and the erasure request. Plain HTML, no sign-in; the token is the only credential.
 */
export const selfServicePublicRouter = Router();
