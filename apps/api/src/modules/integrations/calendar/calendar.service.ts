import { Types } from 'mongoose';
import type { Request } from 'express';
import { IntegrationMessages, type TAuthorisationCheck, type TCallbackResult } from '@hireflow/contracts/integrations';
import { Paths } from '@hireflow/contracts/routes';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { authOf } from '../../../lib/auth';
import { MeetingRoom } from '../../interviews/rooms/meeting-room.model';
import { User } from '../../users/user.model';
import { findConnection, presentConnection, saveConnection } from '../connections/connections';
import { finishOAuthFlow } from '../oauth/oauth-flows';

const DefaultReturn = `${Paths.userPreferences}/myintegrations`;

/**
 * The calendar callback (GET /api/authCalender): finishes a round trip this user of this company started to
 * connect their own calendar or (an admin) a meeting room's; a meetingRoomId in the query must be the one the
 * round trip was started for. Saves the connection in place of any previous one.
 */
export async function finishCalendarConnect(req: Request, query: { code: string; state: string; meetingRoomId?: string }): Promise<TCallbackResult> {
  const config = req.app.locals.config as Config;
  const { user, customerId } = authOf(req);
  const { flow, result } = await finishOAuthFlow(req, { state: query.state, code: query.code, purposes: ['calendar', 'room-calendar'] });
  const startedHere = customerId && flow.customerId?.equals(customerId) && flow.userId?.equals(user._id);
  const roomMatches = query.meetingRoomId === undefined || (flow.meetingRoomId && String(flow.meetingRoomId) === query.meetingRoomId);
  if (!startedHere || !roomMatches) throw AppError.badRequest(IntegrationMessages.stateInvalid);
  let owner: { owner: 'user'; userId: Types.ObjectId } | { owner: 'room'; meetingRoomId: Types.ObjectId };
  if (flow.purpose === 'room-calendar') {
    // Admin rights and the room are checked again: either may have gone during the round trip.
    if (!user.admin || !flow.meetingRoomId) throw AppError.forbidden();
    if (!(await MeetingRoom.exists({ customerId, _id: flow.meetingRoomId }))) throw AppError.notFound('Meeting room');
    owner = { owner: 'room', meetingRoomId: flow.meetingRoomId };
  } else {
    owner = { owner: 'user', userId: user._id };
  }
  const connection = await saveConnection(config, {
    customerId: customerId!, service: 'calendar', provider: flow.provider as TIdentityProvider, owner, result, connectedBy: user._id,
  });
  return { connection: presentConnection(connection), returnTo: flow.returnTo ?? DefaultReturn };
}

async function check(customerId: Types.ObjectId, owner: Parameters<typeof findConnection>[2]): Promise<TAuthorisationCheck> {
  const c = await findConnection(customerId, 'calendar', owner);
  if (!c) return { authenticated: false, provider: null, account: null, status: null };
  return { authenticated: c.status === 'connected', provider: c.provider as TIdentityProvider, account: c.account, status: c.status as TAuthorisationCheck['status'] };
}

/** Whether a user of the company has a working calendar connection (404 for anyone else). */
export async function checkUserCalendar(customerId: Types.ObjectId, userId: string) {
  const id = new Types.ObjectId(userId);
  if (!(await User.exists({ customerId, _id: id }))) throw AppError.notFound('User');
  return check(customerId, { owner: 'user', userId: id });
}

/** Whether a meeting room of the company has a working resource calendar (404 for another company's room). */
export async function checkRoomCalendar(customerId: Types.ObjectId, roomId: string) {
  const id = new Types.ObjectId(roomId);
  if (!(await MeetingRoom.exists({ customerId, _id: id }))) throw AppError.notFound('Meeting room');
  return check(customerId, { owner: 'room', meetingRoomId: id });
}
