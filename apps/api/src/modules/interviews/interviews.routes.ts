import { Router } from 'express';
import { availabilityRouter } from './availability/availability.routes';
import { meetingRoomsRouter } from './rooms/meeting-rooms.routes';

/** The interviews API (issue 15), one router per sub-area. */
export const interviewsRouter = Router();
interviewsRouter.use(availabilityRouter);
interviewsRouter.use(meetingRoomsRouter);
