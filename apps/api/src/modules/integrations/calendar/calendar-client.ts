import { calendar as googleCalendar } from '@googleapis/calendar';
import { DateTime } from 'luxon';
import type { Config } from '../../../config';
import type { Interval } from '../../interviews/availability/intervals';
import type { ConnectionDoc } from '../connections/connection.model';
import { TokenRejectedError, withAccessToken } from '../connections/connections';

/**
 * The two calendar APIs the product calls with a connection's access token: Google Calendar (freeBusy,
 * events on the primary calendar, through @googleapis/calendar) and Microsoft Graph (getSchedule, /me/events,
 * over HTTPS). A 401 becomes TokenRejectedError, so withAccessToken refreshes once and retries.
 */

/** What the product puts in a calendar: the same for every connected person of the interview. */
export type CalendarEventInput = {
  title: string;
  start: Date;
  end: Date;
  timeZone: string;
  location: string;
  description: string;
  /** Ask the provider for a video meeting (Google Meet / Teams) and answer its link. */
  wantsVideoLink?: boolean;
};

/** An event the provider no longer has (deleted by its owner): a new one takes its place. */
export class EventGoneError extends Error {}

/** An answer of a provider's API other than success; `status` is its HTTP status. */
export class CalendarApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

const statusOf = (error: unknown): number | undefined => {
  const e = error as { status?: number; code?: number | string; response?: { status?: number } };
  return e.response?.status ?? e.status ?? (typeof e.code === 'number' ? e.code : undefined);
};

/** Free/busy is asked while someone waits for free slots: a calendar slower than this is left out. */
const BusyTimeoutMs = 8_000;
const EventTimeoutMs = 20_000;

function googleClient(config: Config, accessToken: string, timeout = EventTimeoutMs) {
  return googleCalendar({ version: 'v3', rootUrl: `${config.google!.apiUrl}/`, headers: { authorization: `Bearer ${accessToken}` }, retry: false, timeout });
}

/** Google's call, its 401 as TokenRejectedError, 404/410 as EventGoneError. */
async function google<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = statusOf(error);
    if (status === 401) throw new TokenRejectedError('Google rejected the access token');
    if (status === 404 || status === 410) throw new EventGoneError('the event is gone');
    throw new CalendarApiError(`Google Calendar answered ${status ?? 'nothing'}: ${(error as Error).message}`, status ?? 0);
  }
}

async function graph(config: Config, accessToken: string, method: string, path: string, body?: unknown, timeout = EventTimeoutMs): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${config.microsoft!.graphUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', prefer: 'outlook.timezone="UTC"' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeout),
  });
  if (res.status === 401) throw new TokenRejectedError('Microsoft Graph rejected the access token');
  if (res.status === 404 || res.status === 410) throw new EventGoneError('the event is gone');
  if (!res.ok) throw new CalendarApiError(`Microsoft Graph answered ${res.status}`, res.status);
  const text = await res.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

/** Graph's dateTime (no offset) in the zone it names; we ask for UTC. */
const graphInstant = (t: { dateTime?: string; timeZone?: string } | undefined) =>
  t?.dateTime ? DateTime.fromISO(t.dateTime, { zone: t.timeZone || 'UTC' }).toMillis() : NaN;

/** The busy spans of the connection's own calendar in [from, to). */
export async function busySpans(config: Config, connection: ConnectionDoc, range: { from: Date; to: Date }): Promise<Interval[]> {
  if (connection.provider === 'google') {
    return withAccessToken(config, connection, async (token) => {
      const answer = await google(() =>
        googleClient(config, token, BusyTimeoutMs).freebusy.query({ requestBody: { timeMin: range.from.toISOString(), timeMax: range.to.toISOString(), items: [{ id: 'primary' }] } }),
      );
      const calendars = answer.data.calendars ?? {};
      const primary = calendars.primary ?? Object.values(calendars)[0];
      return (primary?.busy ?? []).map((b) => ({ start: Date.parse(b.start ?? ''), end: Date.parse(b.end ?? '') })).filter((s) => s.start < s.end);
    });
  }
  return withAccessToken(config, connection, async (token) => {
    const answer = await graph(config, token, 'POST', '/me/calendar/getSchedule', {
      schedules: [connection.account],
      startTime: { dateTime: range.from.toISOString().replace(/Z$/, ''), timeZone: 'UTC' },
      endTime: { dateTime: range.to.toISOString().replace(/Z$/, ''), timeZone: 'UTC' },
      availabilityViewInterval: 15,
    }, BusyTimeoutMs);
    const schedules = (answer?.value ?? []) as Array<{ scheduleItems?: Array<{ status?: string; start?: { dateTime?: string; timeZone?: string }; end?: { dateTime?: string; timeZone?: string } }> }>;
    return schedules
      .flatMap((s) => s.scheduleItems ?? [])
      .filter((i) => i.status !== 'free' && i.status !== 'workingElsewhere')
      .map((i) => ({ start: graphInstant(i.start), end: graphInstant(i.end) }))
      .filter((s) => s.start < s.end);
  });
}

const googleBody = (e: CalendarEventInput) => ({
  summary: e.title,
  location: e.location,
  description: e.description,
  start: { dateTime: e.start.toISOString(), timeZone: e.timeZone },
  end: { dateTime: e.end.toISOString(), timeZone: e.timeZone },
});

const graphTime = (at: Date, timeZone: string) => ({ dateTime: DateTime.fromJSDate(at, { zone: timeZone }).toFormat("yyyy-MM-dd'T'HH:mm:ss"), timeZone });
const graphBody = (e: CalendarEventInput) => ({
  subject: e.title,
  body: { contentType: 'text', content: e.description },
  start: graphTime(e.start, e.timeZone),
  end: graphTime(e.end, e.timeZone),
  location: { displayName: e.location },
});

/** Creates the event (eventId null) or updates it in place; answers its id and the provider's video link, if any. */
export async function putEvent(config: Config, connection: ConnectionDoc, eventId: string | null, event: CalendarEventInput): Promise<{ eventId: string; videoLink: string | null }> {
  if (connection.provider === 'google') {
    return withAccessToken(config, connection, async (token) => {
      const api = googleClient(config, token).events;
      const requestBody = {
        ...googleBody(event),
        ...(event.wantsVideoLink && !eventId ? { conferenceData: { createRequest: { requestId: `hireflow-${event.start.getTime()}-${Math.random().toString(36).slice(2)}`, conferenceSolutionKey: { type: 'hangoutsMeet' } } } } : {}),
      };
      const answer = eventId
        ? await google(() => api.patch({ calendarId: 'primary', eventId, requestBody, sendUpdates: 'none' }))
        : await google(() => api.insert({ calendarId: 'primary', requestBody, sendUpdates: 'none', ...(event.wantsVideoLink ? { conferenceDataVersion: 1 } : {}) }));
      return { eventId: answer.data.id!, videoLink: answer.data.hangoutLink ?? null };
    });
  }
  return withAccessToken(config, connection, async (token) => {
    const body = { ...graphBody(event), ...(event.wantsVideoLink && !eventId ? { isOnlineMeeting: true, onlineMeetingProvider: 'teamsForBusiness' } : {}) };
    const answer = eventId
      ? await graph(config, token, 'PATCH', `/me/events/${encodeURIComponent(eventId)}`, body)
      : await graph(config, token, 'POST', '/me/events', body);
    const meeting = answer?.onlineMeeting as { joinUrl?: string } | undefined;
    return { eventId: String(answer?.id ?? eventId), videoLink: meeting?.joinUrl ?? null };
  });
}

/** Deletes the event; one already gone counts as deleted. */
export async function deleteEvent(config: Config, connection: ConnectionDoc, eventId: string): Promise<void> {
  try {
    await withAccessToken(config, connection, async (token) => {
      if (connection.provider === 'google') await google(() => googleClient(config, token).events.delete({ calendarId: 'primary', eventId, sendUpdates: 'none' }));
      else await graph(config, token, 'DELETE', `/me/events/${encodeURIComponent(eventId)}`);
    });
  } catch (error) {
    if (!(error instanceof EventGoneError)) throw error;
  }
}
