import { describe, expect, it } from 'vitest';
import { searchWindow, typedInstant } from './interview-time';

describe('scheduling clock maths', () => {
  it('turns a typed time on the Berlin clock into the instant it names, in winter and in summer time', () => {
    expect(typedInstant('2026-03-28', '10:30', 'Europe/Berlin')).toBe('2026-03-28T09:30:00.000Z');
    expect(typedInstant('2026-03-29', '10:30', 'Europe/Berlin')).toBe('2026-03-29T08:30:00.000Z');
    expect(typedInstant('2026-11-02', '09:00', 'America/New_York')).toBe('2026-11-02T14:00:00.000Z');
  });

  it('refuses a time the clock skips when summer time starts, and incomplete fields', () => {
    expect(typedInstant('2026-03-29', '02:30', 'Europe/Berlin')).toBeNull();
    expect(typedInstant('2026-03-29', '', 'Europe/Berlin')).toBeNull();
  });

  it('searches next week from Monday to Monday on my clock, and picked days inclusively', () => {
    const now = new Date('2026-03-25T12:00:00.000Z');
    expect(searchWindow('next_week', 'Europe/Berlin', now, { from: '', to: '' })).toEqual({ from: '2026-03-30T00:00:00.000+02:00', to: '2026-04-06T00:00:00.000+02:00' });
    expect(searchWindow('custom', 'Europe/Berlin', now, { from: '2026-03-27', to: '2026-03-30' })).toEqual({ from: '2026-03-27T00:00:00.000+01:00', to: '2026-03-31T00:00:00.000+02:00' });
    expect(searchWindow('custom', 'Europe/Berlin', now, { from: '2026-03-30', to: '2026-03-27' })).toBeNull();
  });
});
