import type { Types } from 'mongoose';
import { User } from '../../users/user.model';
import { Job } from '../../jobs/job.model';

export type NameRef = { id: string; name: string };

/** The names of these users of the company (who wrote, moved, mentioned), one query for a whole page. */
export async function userNames(customerId: Types.ObjectId, ids: (Types.ObjectId | null | undefined)[]): Promise<Map<string, NameRef>> {
  const wanted = [...new Set(ids.filter((id): id is Types.ObjectId => Boolean(id)).map(String))];
  if (wanted.length === 0) return new Map();
  const users = await User.find({ customerId, _id: { $in: wanted } }, { firstName: 1, lastName: 1 }).lean();
  return new Map(users.map((u) => [String(u._id), { id: String(u._id), name: `${u.firstName} ${u.lastName ?? ''}`.trim() }]));
}

/** The titles of these jobs of the company. */
export async function jobTitles(customerId: Types.ObjectId, ids: (Types.ObjectId | null | undefined)[]): Promise<Map<string, { id: string; title: string }>> {
  const wanted = [...new Set(ids.filter((id): id is Types.ObjectId => Boolean(id)).map(String))];
  if (wanted.length === 0) return new Map();
  const jobs = await Job.find({ customerId, _id: { $in: wanted } }, { title: 1 }).lean();
  return new Map(jobs.map((j) => [String(j._id), { id: String(j._id), title: j.title }]));
}

export const refOf = <T>(map: Map<string, T>, id: Types.ObjectId | null | undefined): T | null => (id ? (map.get(String(id)) ?? null) : null);
