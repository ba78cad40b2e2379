// Date arithmetic by calendar unit, as $dateAdd documents it: months and years keep the day of month,
// clamped to the month's last day (Jan 31 + 1 month = Feb 28/29); fixed units add milliseconds.
export const UNIT_MS: Record<string, number> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: NaN,
  quarter: NaN,
  year: NaN,
};

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/** `ms` plus `amount` units, in UTC. */
export function addUnits(ms: number, unit: string, amount: number): number {
  const months = unit === 'month' ? amount : unit === 'quarter' ? amount * 3 : unit === 'year' ? amount * 12 : undefined;
  if (months === undefined) return ms + amount * UNIT_MS[unit];
  const d = new Date(ms);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12;
  const day = Math.min(d.getUTCDate(), daysIn(y, m));
  return Date.UTC(y, m, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}
