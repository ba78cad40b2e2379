import { Router } from 'express';
import { availabilityRouter } from './availability/availability.routes';
import { feedbackRouter } from './feedback/feedback.routes';
import { dashboardRouter } from './dashboard/dashboard.routes';
import { calibrationRouter } from './calibration/calibration.routes';

/** The interviews API (issue 15), one router per sub-area. */
export const interviewsRouter = Router();
// Fixed paths (/interviews/dashboard, /interview-feedback/calibration) before any /:id route of the same prefix.
interviewsRouter.use(dashboardRouter);
interviewsRouter.use(calibrationRouter);
interviewsRouter.use(availabilityRouter);
interviewsRouter.use(feedbackRouter);
