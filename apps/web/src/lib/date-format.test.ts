import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, setDatePreferences, weekStart } from './date-format';
import { countryOptions } from './countries';

const day = new Date(2026, 2, 5, 12);

describe('formatDate', () => {
  afterEach(() => setDatePreferences({ dateFormat: 'DD/MM/YYYY', weekStart: 1 }));

  it('writes a day in each of the company formats', () => {
    expect(formatDate(day, 'DD/MM/YYYY')).toBe('05/03/2026');
    expect(formatDate(day, 'MM/DD/YYYY')).toBe('03/05/2026');
    expect(formatDate(day, 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(formatDate(day, 'D MMM YYYY')).toBe('5 Mar 2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('follows the company preference once it is set', () => {
    expect(formatDate(day)).toBe('05/03/2026');
    expect(weekStart()).toBe(1);
    setDatePreferences({ dateFormat: 'MM/DD/YYYY', weekStart: 0 });
    expect(formatDate(day)).toBe('03/05/2026');
    expect(weekStart()).toBe(0);
  });
});

describe('countryOptions', () => {
  it('names every ISO country once, with its code', () => {
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(options).toContainEqual({ value: 'DE', label: 'Germany (DE)' });
    expect(new Set(options.map((o) => o.value)).size).toBe(249);
  });
});
