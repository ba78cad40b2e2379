import { DateTime } from 'luxon';
import type { TWorkingDay } from '@hireflow/contracts/interviews';

/** A half-open span of time [start, end) in epoch milliseconds. */
export type Interval = { start: number; end: number };

/** Sorted, with overlapping and touching spans joined. */
export function merge(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/** Where both (merged) lists are covered. */
export function intersect(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!.start, b[j]!.start);
    const end = Math.min(a[i]!.end, b[j]!.end);
    if (start < end) out.push({ start, end });
    if (a[i]!.end < b[j]!.end) i++;
    else j++;
  }
  return out;
}

/** `free` (merged) minus every span of `busy` (merged). */
export function subtract(free: Interval[], busy: Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const f of free) {
    let cursor = f.start;
    while (j < busy.length && busy[j]!.end <= cursor) j++;
    let k = j;
    while (k < busy.length && busy[k]!.start < f.end) {
      if (busy[k]!.start > cursor) out.push({ start: cursor, end: busy[k]!.start });
      cursor = Math.max(cursor, busy[k]!.end);
      k++;
    }
    if (cursor < f.end) out.push({ start: cursor, end: f.end });
  }
  return out;
}

/**
 * A person's working hours between two instants, as absolute spans: each local day of their time zone
 * that has hours gets them at that day's wall-clock times, so a daylight-saving change moves the span in
 * UTC, never the hours on the clock.
 */
export function workingIntervals(days: TWorkingDay[], zone: string, from: number, to: number): Interval[] {
  const out: Interval[] = [];
  const last = DateTime.fromMillis(to, { zone }).endOf('day');
  for (let day = DateTime.fromMillis(from, { zone }).startOf('day'); day <= last; day = day.plus({ days: 1 })) {
    for (const hours of days) {
      if (hours.weekday !== day.weekday) continue;
      const start = atClock(day, hours.start);
      const end = atClock(day, hours.end);
      out.push({ start: Math.max(start, from), end: Math.min(end, to) });
    }
  }
  return merge(out);
}

function atClock(day: DateTime, clock: string): number {
  const [hour, minute] = clock.split(':').map(Number);
  return day.set({ hour: hour!, minute: minute!, second: 0, millisecond: 0 }).toMillis();
}

/**
 * Slot starts of `durationMs` inside the free spans, on the requester's clock grid (every `stepMinutes`
 * from local midnight), so slots read 09:00, 09:30, ... in their time zone on either side of a DST change.
 */
export function slotStarts(free: Interval[], durationMs: number, stepMinutes: number, zone: string, max: number): { starts: number[]; truncated: boolean } {
  const starts: number[] = [];
  for (const f of free) {
    let t = ceilToStep(f.start, stepMinutes, zone);
    while (t + durationMs <= f.end) {
      if (starts.length === max) return { starts, truncated: true };
      starts.push(t);
      t = ceilToStep(t + stepMinutes * 60_000, stepMinutes, zone);
    }
  }
  return { starts, truncated: false };
}

function ceilToStep(ms: number, stepMinutes: number, zone: string): number {
  const local = DateTime.fromMillis(ms, { zone });
  const minutes = local.hour * 60 + local.minute + (local.second || local.millisecond ? 1 : 0);
  const rounded = Math.ceil(minutes / stepMinutes) * stepMinutes;
  if (rounded === minutes && !local.second && !local.millisecond) return ms;
  // Whole minutes past the grid point: move forward by the difference (absolute time, correct across offsets).
  return local.startOf('minute').plus({ minutes: rounded - (local.hour * 60 + local.minute) }).toMillis();
}
