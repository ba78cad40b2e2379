import { Types } from 'mongoose';
import type { Logger } from 'pino';
import { buildPath, Paths } from '@hireflow/contracts/routes';
import type { Config } from '../../../config';
import { enqueueJob, type JobDefinition } from '../../../lib/job-queue';
import { Candidate } from '../../candidates/candidate.model';
import { Job } from '../../jobs/job.model';
import { Location } from '../../org/location.model';
import { User } from '../../users/user.model';
import { Interview, type InterviewDoc } from '../../interviews/interview.model';
import { MeetingRoom } from '../../interviews/rooms/meeting-room.model';
import { IntegrationConnection, type ConnectionDoc } from '../connections/connection.model';
import { findConnection } from '../connections/connections';
import { calendarContext } from './calendar-busy';
import { ConnectionBrokenError } from '../oauth/providers';
import { deleteEvent, EventGoneError, putEvent, type CalendarEventInput } from './calendar-client';

export const CalendarSyncJobName = 'calendar.sync-interview';
type Payload = { customerId: string; interviewId: string; sequence: number };
type CalendarEntry = { userId: Types.ObjectId | null; roomId: Types.ObjectId | null; connectionId: Types.ObjectId; provider: string; eventId: string; host?: boolean | null };

/**
 * After an interview is scheduled, changed or cancelled: brings the connected calendars in line with it in
 * the background (the mails with the .ics go out as before). A video interview booked without a link first
 * gets one from the scheduler's calendar, at once, so the invitations carry it.
 */
export async function queueCalendarSync(interview: InterviewDoc) {
  // Without Google or Microsoft configured no calendar can be reached: nothing to do.
  const ctx = calendarContext();
  if (!ctx || !(ctx.config.google || ctx.config.microsoft)) return;
  await hostVideoMeeting(interview);
  await enqueueJob<Payload>(CalendarSyncJobName, { customerId: String(interview.customerId), interviewId: String(interview._id), sequence: interview.sequence }, {
    customerId: interview.customerId,
    dedupeKey: `${CalendarSyncJobName}:${String(interview._id)}:${interview.sequence}`,
  });
}

/**
 * A video interview booked without a link: the scheduler's calendar gets the event with a new video meeting
 * (Google Meet, Teams), whose link becomes the interview's (and `interview` is given it, so the invitations
 * carry it). The event is kept as the interview's `host` event. A provider that fails leaves the interview
 * without a link (logged).
 */
async function hostVideoMeeting(interview: InterviewDoc) {
  const ctx = calendarContext();
  if (!ctx || interview.mode !== 'video' || interview.videoLink || interview.status !== 'scheduled' || !interview.scheduledBy) return;
  const connection = await findConnection(interview.customerId, 'calendar', { owner: 'user', userId: interview.scheduledBy });
  if (connection?.status !== 'connected') return;
  try {
    const made = await putEvent(ctx.config, connection, null, { ...(await eventOf(ctx.config, interview)), wantsVideoLink: true });
    const entry = { userId: interview.scheduledBy, roomId: null, connectionId: connection._id, provider: connection.provider, eventId: made.eventId, host: true };
    const videoLink = made.videoLink ?? '';
    await Interview.updateOne({ customerId: interview.customerId, _id: interview._id }, { $set: { videoLink }, $push: { calendarEvents: entry } });
    Object.assign(interview, { videoLink, calendarEvents: [...(interview.calendarEvents ?? []), entry] });
  } catch (error) {
    ctx.logger.warn({ err: error, interviewId: String(interview._id) }, 'the calendar did not make a video meeting; the interview has no link');
  }
}

const who = (e: Pick<CalendarEntry, 'userId' | 'roomId'>) => (e.userId ? `user:${String(e.userId)}` : `room:${String(e.roomId)}`);

export async function eventOf(config: Config, interview: InterviewDoc): Promise<CalendarEventInput> {
  const { customerId } = interview;
  const [candidate, job, panel, room] = await Promise.all([
    Candidate.findOne({ customerId, _id: interview.candidateId }, { firstName: 1, lastName: 1 }).lean(),
    Job.findOne({ customerId, _id: interview.jobId }, { title: 1 }).lean(),
    User.find({ customerId, _id: { $in: interview.interviewerIds } }, { firstName: 1, lastName: 1 }).lean(),
    interview.roomId ? MeetingRoom.findOne({ customerId, _id: interview.roomId }, { name: 1, locationId: 1, addressId: 1 }).lean() : null,
  ]);
  const candidateName = candidate ? `${candidate.firstName} ${candidate.lastName ?? ''}`.trim() : 'Candidate';
  let location = '';
  if (interview.mode === 'onsite' && room) {
    const place = await Location.findOne({ customerId, 'addresses._id': room.addressId }, { addresses: 1 }).lean();
    const address = place?.addresses.find((a) => (a._id as Types.ObjectId).equals(room.addressId))?.address;
    location = [room.name, address].filter(Boolean).join(', ');
  } else if (interview.mode === 'video') location = interview.videoLink;
  else if (interview.mode === 'phone') location = interview.phone;
  const names = panel.map((p) => `${p.firstName} ${p.lastName ?? ''}`.trim());
  const description = [
    `${interview.roundName} with ${candidateName}${job ? ` for ${job.title}` : ''}.`,
    interview.mode === 'video' && interview.videoLink ? `Video call: ${interview.videoLink}` : '',
    interview.mode === 'phone' && interview.phone ? `Phone: ${interview.phone}` : '',
    names.length ? `Panel: ${names.join(', ')}` : '',
    interview.note ? `Note: ${interview.note}` : '',
    `Scorecard: ${config.publicUrl}${buildPath(Paths.interviewFeedback, { interviewId: String(interview._id) })}`,
  ].filter(Boolean).join('\n');
  return {
    title: `${interview.roundName}: ${candidateName}${job ? ` (${job.title})` : ''}`,
    start: interview.start, end: interview.end, timeZone: interview.timeZone, location, description,
  };
}

/**
 * Reconciles the interview's events with its connected calendars: a scheduled interview has one event in each
 * connected interviewer's calendar (and the room's, on site), created or updated in place (same event id);
 * a cancelled one has none; someone who left the panel (or reconnected another account) loses theirs.
 * A broken connection is skipped (it is marked broken); any other provider failure is retried by the queue.
 */
export async function syncInterviewCalendars(config: Config, logger: Logger, customerId: Types.ObjectId, interviewId: Types.ObjectId) {
  const interview = await Interview.findOne({ customerId, _id: interviewId }).lean<InterviewDoc>();
  if (!interview || !['scheduled', 'cancelled'].includes(interview.status)) return { skipped: true };
  const existing = (interview.calendarEvents ?? []) as CalendarEntry[];
  const wanted = interview.status === 'scheduled';
  const owners = wanted
    ? await IntegrationConnection.find({
      customerId, service: 'calendar', status: 'connected',
      $or: [{ owner: 'user' as const, userId: { $in: interview.interviewerIds } }, ...(interview.mode === 'onsite' && interview.roomId ? [{ owner: 'room' as const, meetingRoomId: interview.roomId }] : [])],
    }).lean<ConnectionDoc[]>()
    : [];
  const allConnections = await IntegrationConnection.find({ customerId, _id: { $in: existing.map((e) => e.connectionId) } }).lean<ConnectionDoc[]>();
  const byId = new Map(allConnections.map((c) => [String(c._id), c]));
  // The scheduler's event that made the video meeting stays (and moves) while the interview is by video.
  const hosts = new Set<string>();
  for (const entry of existing.filter((e) => e.host)) {
    const connection = byId.get(String(entry.connectionId));
    if (!wanted || interview.mode !== 'video' || connection?.status !== 'connected') continue;
    hosts.add(String(connection._id));
    if (!owners.some((c) => c._id.equals(connection._id))) owners.push(connection);
  }
  const kept: CalendarEntry[] = [];
  let retry: Error | null = null;
  const failed = (error: unknown, entry: string) => {
    logger.warn({ err: error, interviewId: String(interviewId), calendar: entry }, 'a calendar event could not be brought in line with the interview');
    if (!(error instanceof ConnectionBrokenError)) retry = error as Error;
  };

  // Events no longer wanted: their owner left, reconnected another account, or the interview was called off.
  for (const entry of existing) {
    const stays = owners.some((c) => c._id.equals(entry.connectionId));
    if (stays) continue;
    const connection = byId.get(String(entry.connectionId));
    if (!connection) continue;
    try {
      await deleteEvent(config, connection, entry.eventId);
    } catch (error) {
      failed(error, who(entry));
      if (!(error instanceof ConnectionBrokenError)) kept.push(entry);
    }
  }

  let videoLink: string | null = null;
  if (owners.length) {
    const event = await eventOf(config, interview);
    await Promise.all(owners.map(async (connection) => {
      const owner = connection.owner === 'room' ? { userId: null, roomId: connection.meetingRoomId! } : { userId: connection.userId!, roomId: null };
      const previous = existing.find((e) => e.connectionId.equals(connection._id));
      try {
        let put;
        try {
          put = await putEvent(config, connection, previous?.eventId ?? null, event);
        } catch (error) {
          // Deleted in the calendar by its owner: the interview still stands, so it goes back in.
          if (!previous || !(error instanceof EventGoneError)) throw error;
          put = await putEvent(config, connection, null, event);
        }
        kept.push({ ...owner, connectionId: connection._id, provider: connection.provider, eventId: put.eventId, host: hosts.has(String(connection._id)) });
        if (put.videoLink) videoLink ??= put.videoLink;
      } catch (error) {
        failed(error, who(owner));
        if (previous) kept.push(previous);
      }
    }));
  }
  if (kept.length || existing.length) await Interview.updateOne({ customerId, _id: interviewId }, { $set: { calendarEvents: kept } });
  if (retry) throw retry;
  return { events: kept.length, videoLink };
}

export const CalendarSyncJob: JobDefinition<Payload> = {
  name: CalendarSyncJobName,
  maxAttempts: 5,
  async handler(payload, ctx) {
    const customerId = new Types.ObjectId(payload.customerId);
    const interviewId = new Types.ObjectId(payload.interviewId);
    // A later change has its own job, which reads the interview as it then is.
    const current = await Interview.findOne({ customerId, _id: interviewId }, { sequence: 1 }).lean();
    if (!current || current.sequence > payload.sequence) return { skipped: true };
    return syncInterviewCalendars(ctx.config, ctx.logger, customerId, interviewId);
  },
};
