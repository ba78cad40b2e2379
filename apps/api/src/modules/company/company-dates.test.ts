import { describe, expect, it } from 'vitest';
import { formatForCompany } from './company-dates';

const at = new Date('2026-11-24T13:30:00Z');

describe('formatForCompany', () => {
  it("writes dates in the company's format and time zone", () => {
    expect(formatForCompany(at, { timeZone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY' })).toBe('24/11/2026');
    expect(formatForCompany(at, { timeZone: 'America/New_York', dateFormat: 'MM/DD/YYYY' }, { withTime: true })).toBe('11/24/2026 08:30 (America/New_York)');
    expect(formatForCompany(at, { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' }, { withTime: true })).toBe('2026-11-24 13:30 (UTC)');
    expect(formatForCompany(at, { timeZone: 'Asia/Tokyo', dateFormat: 'D MMM YYYY' }, { weekday: true })).toBe('Tuesday, 24 Nov 2026');
  });

  it("uses an event's own time zone when given, and the day changes with it", () => {
    expect(formatForCompany(new Date('2026-11-24T23:30:00Z'), { timeZone: 'UTC', dateFormat: 'DD/MM/YYYY' }, { timeZone: 'Asia/Tokyo', withTime: true })).toBe('25/11/2026 08:30 (Asia/Tokyo)');
  });
});
