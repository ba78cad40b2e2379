import { createEvent, type Attendee } from 'ics';
import type { MailCalendar } from '../../../lib/mailer';

export type CalendarPerson = { name: string; email: string };

export type InterviewCalendarEvent = {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  end: Date;
  title: string;
  description: string;
  location: string;
  url: string;
  organizer: CalendarPerson;
  attendees: CalendarPerson[];
};

/**
 * The interview as an iCalendar event: one UID for its whole life and a SEQUENCE that grows with every
 * change, so calendar programs update (METHOD:REQUEST) or remove (METHOD:CANCEL) the one event they hold.
 * Times are written in UTC; the mail's text states them in the interview's time zone.
 */
export function interviewCalendar(event: InterviewCalendarEvent): MailCalendar {
  const attendees: Attendee[] = event.attendees
    .filter((a) => a.email)
    .map((a) => ({ name: a.name, email: a.email, rsvp: event.method === 'REQUEST', partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' }));
  const { error, value } = createEvent({
    productId: 'hireflow/interviews',
    method: event.method,
    uid: event.uid,
    sequence: event.sequence,
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    description: event.description,
    ...(event.location ? { location: event.location } : {}),
    ...(event.url ? { url: event.url } : {}),
    status: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: event.organizer.name, email: event.organizer.email },
    attendees,
  });
  if (error || !value) throw error ?? new Error('the calendar event could not be built');
  return { method: event.method, content: value, filename: event.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics' };
}
