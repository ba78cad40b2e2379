import { Router } from 'express';
import { availabilityRouter } from './availability/availability.routes';
import { plansRouter } from './plans/plans.routes';

/** The interviews API (issue 15), one router per sub-area. */
export const interviewsRouter = Router();
interviewsRouter.use(availabilityRouter);
interviewsRouter.use(plansRouter);
