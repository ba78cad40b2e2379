import { Router } from 'express';
import { availabilityRouter } from './availability/availability.routes';
import { scheduleRouter } from './schedule/schedule.routes';
import { selfSchedulingRouter } from './self-scheduling/self-scheduling.routes';

/** The interviews API (issue 15), one router per sub-area. */
export const interviewsRouter = Router();
interviewsRouter.use(availabilityRouter);
interviewsRouter.use(scheduleRouter);
interviewsRouter.use(selfSchedulingRouter);
