import { Router } from 'express';

/** Spotlight announcements: the super admin's list and every user's dashboard. Stub: being built in issue 20. */
export const spotlightRouter = Router();
