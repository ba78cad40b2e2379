import type { TRewardStatus } from '@hireflow/contracts/referral-rewards';

/** "4 Jan 2027" for a calendar day ("YYYY-MM-DD"), the same wherever the reader is. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** "4 Jan 2027" for a moment, in the reader's time zone. */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}

/** Outline badges in dark shades that keep 4.5:1 against the page (HELPERS.md). */
export const RewardStatusColors: Record<TRewardStatus, string> = {
  pending: 'gray.7',
  payable: 'blue.9',
  approved: 'indigo.9',
  paid: 'teal.9',
  forfeited: 'red.9',
};

/** The amount of a formatted total such as "EUR 1,500.00": its currency and value (for the chart only). */
export function parseDisplayedAmount(display: string): { currency: string; value: number } | null {
  const match = /^([A-Z]{3})\s+(-?[\d,]+(?:\.\d+)?)$/.exec(display.trim());
  if (!match) return null;
  const value = Number(match[2]!.replace(/,/g, ''));
  return Number.isFinite(value) ? { currency: match[1]!, value } : null;
}
