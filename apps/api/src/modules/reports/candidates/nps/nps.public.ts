import { Router } from 'express';

/** The candidate's NPS survey: /survey/:token, rendered on the server, answered once. */
export const npsPublicRouter = Router();
