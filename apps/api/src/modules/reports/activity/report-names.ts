import type { Types } from 'mongoose';
import { Job } from '../../jobs/job.model';
import { User } from '../../users/user.model';
import type { ReportContext } from '../report-kit';

/** Names of users by id string, in the report's scope (every company for the platform). */
export async function userNames(ctx: ReportContext, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  if (!ids.length) return new Map();
  const users = await User.find({ ...ctx.tenant, _id: { $in: ids } }, { firstName: 1, lastName: 1, email: 1 }).setOptions({ crossTenant: ctx.crossTenant }).lean();
  return new Map(users.map((u) => [String(u._id), { name: `${u.firstName} ${u.lastName}`.trim(), email: u.email }]));
}

/** Titles and statuses of jobs by id string. */
export async function jobTitles(ctx: ReportContext, ids: (string | Types.ObjectId)[]): Promise<Map<string, { title: string; status: string }>> {
  if (!ids.length) return new Map();
  const jobs = await Job.find({ ...ctx.tenant, _id: { $in: ids } }, { title: 1, status: 1 }).setOptions({ crossTenant: ctx.crossTenant }).lean();
  return new Map(jobs.map((j) => [String(j._id), { title: j.title, status: j.status }]));
}

export const DayMs = 86_400_000;

/** Whole calendar days (UTC) from one moment's day to another's. */
export const calendarDays = (from: Date, to: Date) =>
  Math.round((Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate()) - Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())) / DayMs);

export const dayString = (d: Date) => d.toISOString().slice(0, 10);

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
