import type { RequestHandler } from 'express';
import type { TScheduleInterviewRequest } from '@hireflow/contracts/interviews';
import { AppError } from '../../../lib/app-error';
import { authOf } from '../../../lib/auth';
import { findConnection } from '../connections/connections';
import { calendarContext } from './calendar-busy';

const NoLink = 'videoLink: add the video call link';

/**
 * Booking a video interview without a link: allowed when the scheduler has a working calendar (the provider
 * makes the meeting); otherwise 400 as before.
 */
export const requireVideoLinkOrCalendar: RequestHandler = async (req, _res, next) => {
  const body = req.body as TScheduleInterviewRequest;
  if (body.mode !== 'video' || body.videoLink) return next();
  const { user, customerId } = authOf(req);
  const connection = customerId && calendarContext() ? await findConnection(customerId, 'calendar', { owner: 'user', userId: user._id }) : null;
  if (connection?.status === 'connected') return next();
  next(AppError.badRequest(NoLink, [{ path: 'videoLink', message: 'add the video call link' }]));
};
