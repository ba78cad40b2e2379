import { Router } from 'express';
import { availabilityRouter } from './availability/availability.routes';
import { feedbackRouter } from './feedback/feedback.routes';
import { dashboardRouter } from './dashboard/dashboard.routes';
import { calibrationRouter } from './calibration/calibration.routes';
import { scheduleRouter } from './schedule/schedule.routes';
import { selfSchedulingRouter } from './self-scheduling/self-scheduling.routes';
import { plansRouter } from './plans/plans.routes';
import { meetingRoomsRouter } from './rooms/meeting-rooms.routes';

/** The interviews API (issue 15), one router per sub-area. */
export const interviewsRouter = Router();
// Fixed paths (/interviews/dashboard, /interview-feedback/calibration) before any /:id route of the same prefix.
interviewsRouter.use(dashboardRouter);
interviewsRouter.use(calibrationRouter);
interviewsRouter.use(availabilityRouter);
interviewsRouter.use(feedbackRouter);
interviewsRouter.use(scheduleRouter);
interviewsRouter.use(selfSchedulingRouter);
interviewsRouter.use(plansRouter);
interviewsRouter.use(meetingRoomsRouter);
