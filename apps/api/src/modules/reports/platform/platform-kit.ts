import type { Types } from 'mongoose';
import { Customer } from '../../org/customer.model';
import type { ReportContext } from '../report-kit';

/** Platform reports read the platform's own collections (companies, their audit) and every company's tallies. */

/** The names of the companies, by id. */
export async function companyNames(ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Map();
  const rows = await Customer.find({ _id: { $in: list } }, { name: 1 }).lean();
  return new Map(rows.map((c) => [String(c._id), c.name]));
}

/** The chosen company (a filter on platform collections keyed by `field`), or every company. */
export const companyMatch = (ctx: ReportContext, field: string): Record<string, Types.ObjectId> => (ctx.scope.customerId ? { [field]: ctx.scope.customerId } : {});

/** The months of a range, oldest first (YYYY-MM). */
export function monthsOf(from: Date, until: Date): string[] {
  const out: string[] = [];
  for (let d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1)); d < until; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) out.push(d.toISOString().slice(0, 7));
  return out;
}

/** The Mondays (UTC) of the weeks a range touches, oldest first (YYYY-MM-DD): the weeks tallies group by. */
export function weeksOf(from: Date, until: Date): string[] {
  const DayMs = 86_400_000;
  const monday = new Date(from.getTime() - ((from.getUTCDay() + 6) % 7) * DayMs);
  const out: string[] = [];
  for (let d = monday; d < until; d = new Date(d.getTime() + 7 * DayMs)) out.push(d.toISOString().slice(0, 10));
  return out;
}

/** The week (its Monday) a tally day is in, as sumTallies groups it. */
export const weekOfDay = { $dateToString: { date: { $dateTrunc: { date: '$day', unit: 'week', startOfWeek: 'monday' } }, format: '%Y-%m-%d' } };
