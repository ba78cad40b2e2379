import { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
import { registerBusySource, registerRoomBusySource } from '../../interviews/availability/busy-times';
import type { Interval } from '../../interviews/availability/intervals';
import { Interview } from '../../interviews/interview.model';
import { IntegrationConnection, type ConnectionDoc } from '../connections/connection.model';
import { busySpans } from './calendar-client';

/**
 * Busy times from connected calendars, for free-slot search and room checks. One provider call per connected
 * person (or room) per search, all at once. A calendar that fails (provider down, permission revoked: the
 * connection is then marked broken) is logged and left out: the search goes on with what the product knows.
 */
let context: { config: Config; logger: Logger } | null = null;

async function spansOf(connections: ConnectionDoc[], key: (c: ConnectionDoc) => string, range: { from: Date; to: Date }) {
  const found = new Map<string, Interval[]>();
  if (!context || !connections.length) return found;
  const { config, logger } = context;
  await Promise.all(connections.map(async (c) => {
    try {
      found.set(key(c), await busySpans(config, c, range));
    } catch (error) {
      logger.warn({ err: error, connectionId: String(c._id), provider: c.provider }, 'a calendar did not answer its busy times; free slots go on without them');
    }
  }));
  return found;
}

/** The config and logger of the running app (set when it is built); null before. */
export const calendarContext = () => context;

const configured = () => Boolean(context && (context.config.google || context.config.microsoft));

/** The interview's own span: its entry in a room's calendar does not count against changing it. */
async function ownSpan(customerId: Types.ObjectId, interviewId?: Types.ObjectId) {
  if (!interviewId) return null;
  const own = await Interview.findOne({ customerId, _id: interviewId }, { start: 1, end: 1 }).lean();
  return own ? { start: own.start.getTime(), end: own.end.getTime() } : null;
}

/** Registers the calendar busy sources once; the latest app's config and logger are the ones used. */
export function installCalendarBusySources(ctx: { config: Config; logger: Logger }) {
  const first = !context;
  context = ctx;
  if (!first) return;
  registerBusySource(async (customerId, userIds, range) => {
    if (!configured() || !userIds.length) return new Map();
    const connections = await IntegrationConnection.find({ customerId, service: 'calendar', owner: 'user', status: 'connected', userId: { $in: userIds } }).lean<ConnectionDoc[]>();
    return spansOf(connections, (c) => String(c.userId), range);
  });
  registerRoomBusySource(async (customerId, roomIds, range, opts) => {
    if (!configured() || !roomIds.length) return new Map();
    const connections = await IntegrationConnection.find({ customerId, service: 'calendar', owner: 'room', status: 'connected', meetingRoomId: { $in: roomIds } }).lean<ConnectionDoc[]>();
    if (!connections.length) return new Map();
    const [found, own] = await Promise.all([spansOf(connections, (c) => String(c.meetingRoomId), range), ownSpan(customerId, opts.excludeInterviewId)]);
    if (own) for (const [id, spans] of found) found.set(id, spans.filter((s) => !(s.start === own.start && s.end === own.end)));
    return found;
  });
}
