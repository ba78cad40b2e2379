import { DateTime } from 'luxon';
import type { TFreeSlot } from '@hireflow/contracts/interviews';

// Scheduling's clock maths, all in the scheduler's own time zone and DST-correct through luxon.

export type RangeChoice = 'this_week' | 'next_week' | 'custom';

/** The window free slots are searched in: this week (from now), next week, or the picked days (inclusive). */
export function searchWindow(choice: RangeChoice, timeZone: string, now: Date, custom: { from: string; to: string }): { from: string; to: string } | null {
  const today = DateTime.fromJSDate(now, { zone: timeZone });
  let start: DateTime;
  let end: DateTime;
  if (choice === 'custom') {
    start = DateTime.fromISO(custom.from, { zone: timeZone }).startOf('day');
    end = DateTime.fromISO(custom.to, { zone: timeZone }).startOf('day').plus({ days: 1 });
    if (!start.isValid || !end.isValid || end <= start) return null;
  } else {
    const monday = today.startOf('week').plus({ weeks: choice === 'next_week' ? 1 : 0 });
    start = monday;
    end = monday.plus({ weeks: 1 });
  }
  if (start < today) start = today.startOf('minute');
  if (end <= start) return null;
  return { from: start.toISO()!, to: end.toISO()! };
}

export type SlotDay = { day: string; label: string; slots: TFreeSlot[] };

/** Slots by calendar day in the scheduler's time zone, in order. */
export function groupSlotsByDay(slots: TFreeSlot[], timeZone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const start = DateTime.fromISO(slot.start, { zone: timeZone });
    const day = start.toISODate()!;
    if (!days.has(day)) days.set(day, { day, label: start.toFormat('cccc d LLLL'), slots: [] });
    days.get(day)!.slots.push(slot);
  }
  return [...days.values()];
}

/** "10:00–11:00" on the scheduler's clock. */
export function slotLabel(slot: Pick<TFreeSlot, 'start' | 'end'>, timeZone: string): string {
  const f = (iso: string) => DateTime.fromISO(iso, { zone: timeZone }).toFormat('HH:mm');
  return `${f(slot.start)}–${f(slot.end)}`;
}

/**
 * A typed date ("2026-03-29") and time ("10:30") on the scheduler's clock as the instant it names (UTC ISO),
 * or null when either is missing or the clock skips that time (the hour lost when summer time starts).
 */
export function typedInstant(date: string, time: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const local = DateTime.fromISO(`${date}T${time}`, { zone: timeZone });
  if (!local.isValid || local.toFormat('yyyy-MM-dd HH:mm') !== `${date} ${time}`) return null;
  return local.toUTC().toISO();
}

/** An instant as the date and time fields show it on the scheduler's clock. */
export function localFields(instant: string, timeZone: string): { date: string; time: string } {
  const local = DateTime.fromISO(instant, { zone: timeZone });
  return { date: local.toISODate() ?? '', time: local.toFormat('HH:mm') };
}

/** The scheduler's time zone: their profile's, else the browser's. */
export function schedulerTimeZone(profileZone: string | null | undefined): string {
  if (profileZone && DateTime.local().setZone(profileZone).isValid) return profileZone;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);
