import { describe, expect, it } from 'vitest';
import { intersect, merge, slotStarts, subtract, workingIntervals } from './intervals';

const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const span = (start: number, end: number) => ({ start, end });

describe('interval maths', () => {
  it('merges overlapping and touching spans, drops empty ones', () => {
    expect(merge([span(5, 7), span(1, 3), span(3, 4), span(6, 9), span(10, 10)])).toEqual([span(1, 4), span(5, 9)]);
  });

  it('intersects two lists', () => {
    expect(intersect([span(0, 10), span(20, 30)], [span(5, 25)])).toEqual([span(5, 10), span(20, 25)]);
    expect(intersect([span(0, 10)], [span(10, 20)])).toEqual([]);
  });

  it('subtracts busy spans, also those reaching over a free span\'s edges', () => {
    expect(subtract([span(0, 10), span(20, 30)], [span(-5, 2), span(4, 6), span(8, 22), span(29, 40)])).toEqual([span(2, 4), span(6, 8), span(22, 29)]);
    expect(subtract([span(0, 10)], [])).toEqual([span(0, 10)]);
  });
});

describe('workingIntervals', () => {
  it('keeps the hours on the local clock across a daylight-saving change (New York, 8 Mar 2026)', () => {
    const days = [5, 1].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
    expect(workingIntervals(days, 'America/New_York', at('2026-03-06T00:00:00Z'), at('2026-03-10T12:00:00Z'))).toEqual([
      span(at('2026-03-06T14:00:00Z'), at('2026-03-06T22:00:00Z')),
      span(at('2026-03-09T13:00:00Z'), at('2026-03-09T21:00:00Z')),
    ]);
  });

  it('cuts the first and last day to the range', () => {
    const days = [{ weekday: 1, start: '09:00', end: '17:00' }];
    expect(workingIntervals(days, 'UTC', at('2026-03-23T10:30:00Z'), at('2026-03-23T12:00:00Z'))).toEqual([span(at('2026-03-23T10:30:00Z'), at('2026-03-23T12:00:00Z'))]);
  });
});

describe('slotStarts', () => {
  it('puts slots on the requester\'s grid from local midnight (Kolkata\'s half-hour offset)', () => {
    const free = [span(at('2026-03-23T13:00:00Z'), at('2026-03-23T16:00:00Z'))];
    // 13:00 UTC = 18:30 in Kolkata: on an hourly grid the first start is 19:00 (13:30 UTC).
    expect(slotStarts(free, H, 60, 'Asia/Kolkata', 10)).toEqual({ starts: [at('2026-03-23T13:30:00Z'), at('2026-03-23T14:30:00Z')], truncated: false });
    expect(slotStarts(free, H, 60, 'UTC', 10).starts).toEqual([at('2026-03-23T13:00:00Z'), at('2026-03-23T14:00:00Z'), at('2026-03-23T15:00:00Z')]);
  });

  it('stops at the maximum and says so', () => {
    expect(slotStarts([span(0, 10 * H)], H, 60, 'UTC', 3)).toEqual({ starts: [0, H, 2 * H], truncated: true });
  });
});

describe('working hours in a daylight-saving gap', () => {
  it('moves a start the spring-forward skips on by the gap, as the clock does (New York, 8 Mar 2026)', () => {
    const days = [{ weekday: 7, start: '02:30', end: '05:00' }];
    // 02:30 does not exist that Sunday: the day starts at 03:30 EDT (07:30 UTC); 05:00 EDT is 09:00 UTC.
    expect(workingIntervals(days, 'America/New_York', at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z'))).toEqual([span(at('2026-03-08T07:30:00Z'), at('2026-03-08T09:00:00Z'))]);
  });

  it('finds the same slots as the clock across the autumn change (Berlin, 25 Oct 2026)', () => {
    const free = [span(at('2026-10-25T00:00:00Z'), at('2026-10-25T03:00:00Z'))];
    // 00:00 UTC is 02:00 CEST; at 01:00 UTC clocks go back to 02:00 CET: the hourly grid of the local clock.
    expect(slotStarts(free, H, 60, 'Europe/Berlin', 10).starts).toEqual([at('2026-10-25T00:00:00Z'), at('2026-10-25T01:00:00Z'), at('2026-10-25T02:00:00Z')]);
  });
});
