import { describe, expect, it } from 'vitest';
import { toSearchText } from './search-text';

describe('toSearchText', () => {
  it('trims and url-encodes what the user typed', () => {
    expect(toSearchText('  senior dev & lead/ops  ')).toBe('senior%20dev%20%26%20lead%2Fops');
  });

  it('turns empty and blank input into an empty string', () => {
    expect(toSearchText('')).toBe('');
    expect(toSearchText('   \t ')).toBe('');
  });

  it('turns non-string input into an empty string', () => {
    expect(toSearchText(undefined)).toBe('');
    expect(toSearchText(null)).toBe('');
    expect(toSearchText(42)).toBe('');
    expect(toSearchText({ q: 'x' })).toBe('');
  });
});
