import { formatMoney } from '@hireflow/contracts/billing';

/** "+€800.00" / "−€300.00" / "no change": a monthly difference in words. */
export function formatDifference(minor: number): string {
  if (minor === 0) return 'no change';
  return `${minor > 0 ? '+' : '−'}${formatMoney(Math.abs(minor))}`;
}

export const formatDay = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
