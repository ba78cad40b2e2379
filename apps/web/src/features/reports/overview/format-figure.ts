import type { TValueKind } from '@hireflow/contracts/reports';

/** A headline figure as read: 42.5%, 12 days, 1,204; a dash when there is none. */
export function formatFigure(value: number | null, kind: TValueKind): string {
  if (value === null) return '–';
  if (kind === 'percent') return `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
  if (kind === 'days') return `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })} days`;
  return value.toLocaleString('en-GB', { maximumFractionDigits: 1 });
}
