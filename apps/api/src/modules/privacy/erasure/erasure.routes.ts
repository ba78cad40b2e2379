import { Router } from 'express';

/** The erasure queue (list, approve, refuse) and erasing a candidate from the profile. Mounted by privacy.routes.ts. */
export const erasureRouter = Router();
