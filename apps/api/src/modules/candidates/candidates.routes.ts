import { Router } from 'express';
import { pinsRouter } from './pins/pins.routes';
import { searchRouter } from './search/search.routes';
import { bulkRouter } from './bulk/bulk.routes';
import { questionsRouter } from './questions/questions.routes';
import { campaignsRouter } from './campaigns/campaigns.routes';
import { resumesRouter } from './resumes/resumes.routes';
import { intakeRouter } from './intake/intake.routes';
import { mentionsRouter, profileRouter } from './profile/profile.routes';

/**
 * The candidate database's API, one router per sub-area (search, pins, intake, resumes, campaigns,
 * questions, profile). Routers with fixed paths (/api/candidates/pinned, /import...) come before the
 * profile's /:id routes.
 */
export const candidatesRouter = Router();
candidatesRouter.use(pinsRouter);
candidatesRouter.use(searchRouter);
candidatesRouter.use(bulkRouter);
candidatesRouter.use(questionsRouter);
candidatesRouter.use(campaignsRouter);
candidatesRouter.use(resumesRouter);
candidatesRouter.use(intakeRouter);
candidatesRouter.use(mentionsRouter);
// The profile's /api/candidates/:id routes come after every fixed path.
candidatesRouter.use(profileRouter);
