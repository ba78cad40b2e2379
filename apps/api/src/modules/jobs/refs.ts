import type { Types } from 'mongoose';
import type { TNamedRef, TUserRef } from '@hireflow/contracts/common';
import { User } from '../users/user.model';
import { Department } from '../org/department.model';
import { BusinessUnit } from '../org/business-unit.model';
import { Location } from '../org/location.model';
import { JobCode } from '../org/job-code.model';
import { AppError } from '../../lib/app-error';

type Id = Types.ObjectId | string;
type MaybeId = Id | null | undefined;
const uniq = (ids: (Id | null | undefined)[]) => [...new Set(ids.filter(Boolean).map(String))];

export type RefMaps = {
  users: Map<string, TUserRef>;
  departments: Map<string, TNamedRef>;
  businessUnits: Map<string, TNamedRef>;
  locations: Map<string, TNamedRef>;
  jobCodes: Map<string, { id: string; code: string; title: string; approvedHeadcount: number; usedHeadcount: number }>;
};

/** Names for the ids a page of results mentions: one query per collection, whatever the page size. */
export async function loadRefs(
  customerId: Types.ObjectId,
  ids: { users?: MaybeId[]; departments?: MaybeId[]; businessUnits?: MaybeId[]; locations?: MaybeId[]; jobCodes?: MaybeId[] },
): Promise<RefMaps> {
  const [users, departments, businessUnits, locations, jobCodes] = await Promise.all([
    ids.users?.length ? User.find({ customerId, _id: { $in: uniq(ids.users) } }, { firstName: 1, lastName: 1, email: 1 }).lean() : [],
    ids.departments?.length ? Department.find({ customerId, _id: { $in: uniq(ids.departments) } }, { name: 1 }).lean() : [],
    ids.businessUnits?.length ? BusinessUnit.find({ customerId, _id: { $in: uniq(ids.businessUnits) } }, { name: 1 }).lean() : [],
    ids.locations?.length ? Location.find({ customerId, _id: { $in: uniq(ids.locations) } }, { name: 1 }).lean() : [],
    ids.jobCodes?.length ? JobCode.find({ customerId, _id: { $in: uniq(ids.jobCodes) } }).lean() : [],
  ]);
  return {
    users: new Map(users.map((u) => [String(u._id), { id: String(u._id), name: `${u.firstName} ${u.lastName}`.trim(), email: u.email }])),
    departments: new Map(departments.map((d) => [String(d._id), { id: String(d._id), name: d.name }])),
    businessUnits: new Map(businessUnits.map((b) => [String(b._id), { id: String(b._id), name: b.name }])),
    locations: new Map(locations.map((l) => [String(l._id), { id: String(l._id), name: l.name }])),
    jobCodes: new Map(
      jobCodes.map((j) => [String(j._id), { id: String(j._id), code: j.code, title: j.title, approvedHeadcount: j.approvedHeadcount, usedHeadcount: j.usedHeadcount ?? 0 }]),
    ),
  };
}

export function refOf<T>(map: Map<string, T>, id: Id | null | undefined): T | null {
  return id ? (map.get(String(id)) ?? null) : null;
}
export function refsOf<T>(map: Map<string, T>, ids: Id[] | null | undefined): T[] {
  return (ids ?? []).map((id) => map.get(String(id))).filter((x): x is T => Boolean(x));
}

/** Unknown or other-company ids in a form are a 400 naming the field. */
export async function assertOrgRefs(
  customerId: Types.ObjectId,
  refs: { departmentId?: Id | null; businessUnitId?: Id | null; locationId?: Id | null; jobCodeId?: Id | null },
) {
  const checks: [string, Id | null | undefined, () => Promise<unknown>][] = [
    ['departmentId', refs.departmentId, () => Department.exists({ customerId, _id: refs.departmentId })],
    ['businessUnitId', refs.businessUnitId, () => BusinessUnit.exists({ customerId, _id: refs.businessUnitId })],
    ['locationId', refs.locationId, () => Location.exists({ customerId, _id: refs.locationId })],
    ['jobCodeId', refs.jobCodeId, () => JobCode.exists({ customerId, _id: refs.jobCodeId })],
  ];
  for (const [field, id, exists] of checks) {
    if (id && !(await exists())) throw AppError.badRequest(`${field}: no such ${field.replace(/Id$/, '').replace(/([A-Z])/g, ' $1').toLowerCase()} in your company`);
  }
}

/** Every user id must be an active user of the same company. */
export async function assertCompanyUsers(customerId: Types.ObjectId, field: string, ids: Id[]) {
  const wanted = uniq(ids);
  if (wanted.length === 0) return;
  const found = await User.countDocuments({ customerId, _id: { $in: wanted }, status: 'active' });
  if (found !== wanted.length) throw AppError.badRequest(`${field}: one or more users are not active users of your company`);
}
