import type { Types } from 'mongoose';
import type { TUserListFilters, TUserRoleFilter, TUserStatusFilter } from '@hireflow/contracts/users';

/** Stable order of every user list: the sort the list indexes end with. */
export const userListSort = { sortName: 1, _id: 1 } as const;

const roleConditions: Record<TUserRoleFilter, Record<string, unknown>> = {
  'All Users': {},
  Admins: { admin: true },
  Recruiters: { role: 'recruiter' },
  Employees: { role: 'employee' },
  'Hiring Managers': { addlRoles: 'HM' },
  OPS: { addlRoles: 'OPS' },
  OPSE: { addlRoles: 'OPSE' },
  'Additional Recruiters': { addlRoles: 'AR' },
  'Site Admins': { siteAdmin: true },
  'Super Users': { superUser: true },
};

const statusConditions: Record<TUserStatusFilter, Record<string, unknown>> = {
  'Any Status': {},
  Active: { status: 'active' },
  Inactive: { status: 'inactive' },
  Unverified: { 'emailVerification.status': false },
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each word of the search must start one of the user's search keys (names, email, eCode): an anchored, index-served regex. */
export function searchCondition(search: string): Record<string, unknown> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return {};
  const conditions = words.map((w) => ({ searchKeys: { $regex: `^${escapeRegex(w)}` } }));
  return conditions.length === 1 ? conditions[0] : { $and: conditions };
}

/** The database filter of the user list: always the caller's company first. */
export function buildUserFilter(customerId: Types.ObjectId, filters: TUserListFilters): Record<string, unknown> {
  return {
    customerId,
    ...roleConditions[filters.role],
    ...statusConditions[filters.status],
    ...(filters.businessUnit ? { buItemId: filters.businessUnit } : {}),
    ...(filters.department ? { department: filters.department } : {}),
    ...(filters.location ? { location: filters.location } : {}),
    ...searchCondition(filters.search),
  };
}

