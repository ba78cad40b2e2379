import { Router } from 'express';

/** authCalender (the calendar callback, a user's or a meeting room's), checkUserAuthenticated, checkMRAuthenticated. */
export const calendarRouter = Router();
