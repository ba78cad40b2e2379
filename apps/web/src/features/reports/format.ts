import type { TCell, TValueKind } from '@hireflow/contracts/reports';

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOne = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A report value as a person reads it: 1,234 · 42.5% · 3.2 days · 5.0 hours · 24 Nov 2026 · 7.5 (score). Empty is a dash. */
export function formatValue(kind: TValueKind, value: TCell | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    if (kind === 'date' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
      const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
      return Number.isNaN(d.getTime()) ? value : dateFormat.format(d);
    }
    return value;
  }
  switch (kind) {
    case 'count':
      return whole.format(value);
    case 'percent':
      return `${oneDecimal.format(value)}%`;
    case 'days':
      return `${oneDecimal.format(value)} ${value === 1 ? 'day' : 'days'}`;
    case 'hours':
      return `${oneDecimal.format(value)} ${value === 1 ? 'hour' : 'hours'}`;
    case 'score':
      return oneDecimal.format(value);
    case 'date':
      return dateFormat.format(new Date(value));
    default:
      return upToOne.format(value);
  }
}

/** The short form for chart axes (no unit words). */
export function formatAxis(kind: TValueKind, value: number): string {
  if (kind === 'percent') return `${upToOne.format(value)}%`;
  return upToOne.format(value);
}
