import { PayPeriodLabels, formatMoney, type TCompensation, type TOfferStatus } from '@hireflow/contracts/offers';

// Formatting only: the offer panel and the dashboard card show offers without loading the form.

/** "1 Mar 2027" for a calendar day (YYYY-MM-DD): the same day on every clock. */
export function offerDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** "1 Mar 2027, 14:05" for an instant, on the viewer's clock. */
export function offerTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** Today as YYYY-MM-DD on the viewer's clock. */
export function todayDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** YYYY-MM-DD `days` after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "EUR 85,000.50 a year" */
export function basePay(c: Pick<TCompensation, 'baseAmount' | 'currency' | 'period'>): string {
  return `${formatMoney(c.baseAmount, c.currency)} ${PayPeriodLabels[c.period]}`;
}

/** Badge colours of the statuses (dark shades: readable on the light badge background). */
export const OfferStatusColors: Record<TOfferStatus, string> = {
  draft: 'gray.7',
  pending_approval: 'indigo.9',
  approved: 'teal.9',
  sent: 'blue.9',
  accepted: 'teal.9',
  declined: 'grape.9',
  revoked: 'red.9',
  expired: 'gray.7',
  joined: 'teal.9',
  no_show: 'red.9',
};

/** "1 Mar 2027" for an instant, on the viewer's clock. */
export function offerDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}
