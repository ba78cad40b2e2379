import { DateTime } from 'luxon';

// Offer dates are calendar days ('YYYY-MM-DD'); "today" and "the end of the expiry day" depend on whose day it
// is: the creator's time zone (User.timezone), UTC when it is missing or unknown.

const zoned = (now: Date, zone: string | null | undefined) => {
  const dt = DateTime.fromJSDate(now, { zone: zone || 'UTC' });
  return dt.isValid ? dt : DateTime.fromJSDate(now, { zone: 'UTC' });
};

/** Today's date in a time zone, e.g. "2026-11-24". */
export const todayIn = (zone: string | null | undefined, now: Date) => zoned(now, zone).toISODate()!;

/** The last instant (23:59:59.999) of a calendar day in a time zone: when an offer's link stops working. */
export function endOfDayIn(date: string, zone: string | null | undefined): Date {
  const dt = DateTime.fromISO(date, { zone: zone || 'UTC' });
  return (dt.isValid ? dt : DateTime.fromISO(date, { zone: 'UTC' })).endOf('day').toJSDate();
}

/** "4 Jan 2027" for mails and approval lists. */
export const readableDate = (date: string) => DateTime.fromISO(date, { zone: 'UTC', locale: 'en' }).toFormat('d LLL yyyy');
