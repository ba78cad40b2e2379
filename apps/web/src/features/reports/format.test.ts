import { describe, expect, it } from 'vitest';
import { formatValue } from './format';

describe('formatValue', () => {
  it('writes each kind of value as a person reads it', () => {
    expect(formatValue('count', 1234)).toBe('1,234');
    expect(formatValue('percent', 42.5)).toBe('42.5%');
    expect(formatValue('percent', 40)).toBe('40.0%');
    expect(formatValue('days', 3.24)).toBe('3.2 days');
    expect(formatValue('days', 1)).toBe('1.0 day');
    expect(formatValue('hours', 5)).toBe('5.0 hours');
    expect(formatValue('score', 7.25)).toBe('7.3');
    expect(formatValue('date', '2026-11-24')).toBe('24 Nov 2026');
    expect(formatValue('number', 2.345)).toBe('2.3');
    expect(formatValue('text', 'Referral')).toBe('Referral');
    expect(formatValue('days', null)).toBe('—');
    expect(formatValue('count', undefined)).toBe('—');
  });
});
