import { Router } from 'express';
import { pinsRouter } from './pins/pins.routes';
import { searchRouter } from './search/search.routes';

/**
 * The candidate database's API, one router per sub-area (search, pins, intake, resumes, campaigns,
 * questions, profile). Routers with fixed paths (/api/candidates/pinned, /import...) come before the
 * profile's /:id routes.
 */
export const candidatesRouter = Router();
candidatesRouter.use(searchRouter);
candidatesRouter.use(pinsRouter);
