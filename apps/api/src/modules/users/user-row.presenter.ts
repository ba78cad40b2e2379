import type { Types } from 'mongoose';
import type { TUserOption, TUserRow } from '@hireflow/contracts/users';
import { BusinessUnit } from '../org/business-unit.model';
import { Department } from '../org/department.model';
import { Location } from '../org/location.model';
import { User, type UserDoc } from './user.model';

type Named = { name: string; status?: string | null };
type Person = { fullName: string; email: string };
/** Names of the org entities and managers users point at, keyed by id. */
export type OrgNames = { units: Map<string, Named>; departments: Map<string, Named>; locations: Map<string, Named>; managers: Map<string, Person> };

type OrgRefs = Pick<UserDoc, 'buItemId' | 'department' | 'location' | 'managers'>;

const ids = (users: OrgRefs[], key: keyof OrgRefs) => [...new Set(users.map((u) => u[key]).filter(Boolean).map(String))];

async function namesOf(model: typeof BusinessUnit | typeof Department | typeof Location, customerId: Types.ObjectId, only: string[] | null) {
  const filter = only ? { customerId, _id: { $in: only } } : { customerId };
  const rows = (await (model as typeof Department).find(filter, { name: 1, status: 1 }).lean()) as { _id: Types.ObjectId; name: string; status?: string }[];
  return new Map(rows.map((r) => [String(r._id), { name: r.name, status: r.status ?? 'active' }]));
}

async function managersOf(customerId: Types.ObjectId, users: OrgRefs[]): Promise<Map<string, Person>> {
  const only = [...new Set(users.flatMap((u) => (u.managers ?? []).map(String)))];
  if (!only.length) return new Map();
  const rows = await User.find({ customerId, _id: { $in: only } }, { firstName: 1, lastName: 1, email: 1 }).lean();
  return new Map(rows.map((r) => [String(r._id), { fullName: `${r.firstName} ${r.lastName}`.trim(), email: r.email }]));
}

/**
 * Loads the names the given users refer to (or every org name of the company when users is null:
 * exports, which show no managers, so none are loaded).
 */
export async function loadOrgNames(customerId: Types.ObjectId, users: OrgRefs[] | null): Promise<OrgNames> {
  const [units, departments, locations, managers] = await Promise.all([
    namesOf(BusinessUnit, customerId, users && ids(users, 'buItemId')),
    namesOf(Department, customerId, users && ids(users, 'department')),
    namesOf(Location, customerId, users && ids(users, 'location')),
    users ? managersOf(customerId, users) : new Map<string, Person>(),
  ]);
  return { units, departments, locations, managers };
}

export type UserRowSource = Pick<
  UserDoc,
  | 'firstName' | 'lastName' | 'email' | 'eCode' | 'mobile' | 'role' | 'admin' | 'siteAdmin' | 'superUser' | 'addlRoles'
  | 'rights' | 'status' | 'emailVerification' | 'timezone' | 'buItemId' | 'department' | 'location' | 'managers' | 'lastLoginAt'
> & { _id: Types.ObjectId; createdAt: Date };

/** A user as the admin screens show it: ids as strings, org references with their names, no secrets. */
export function presentUserRow(u: UserRowSource, names: OrgNames): TUserRow {
  const unit = u.buItemId ? names.units.get(String(u.buItemId)) : undefined;
  const dept = u.department ? names.departments.get(String(u.department)) : undefined;
  const loc = u.location ? names.locations.get(String(u.location)) : undefined;
  return {
    id: String(u._id),
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    eCode: u.eCode ?? '',
    mobile: u.mobile ?? '',
    role: u.role as TUserRow['role'],
    admin: Boolean(u.admin),
    siteAdmin: Boolean(u.siteAdmin),
    superUser: Boolean(u.superUser),
    addlRoles: [...(u.addlRoles ?? [])] as TUserRow['addlRoles'],
    rights: [...(u.rights ?? [])] as TUserRow['rights'],
    status: u.status as TUserRow['status'],
    emailVerified: Boolean(u.emailVerification?.status),
    timezone: u.timezone ?? 'UTC',
    buItemId: u.buItemId && unit ? { id: String(u.buItemId), displayName: unit.name } : null,
    department: u.department && dept ? { id: String(u.department), deptDisplayValue: dept.name, status: dept.status ?? 'active' } : null,
    location: u.location && loc ? { id: String(u.location), searchText: loc.name } : null,
    managers: (u.managers ?? []).flatMap((id) => {
      const manager = names.managers.get(String(id));
      return manager ? [{ id: String(id), ...manager }] : [];
    }),
    createdAt: new Date(u.createdAt).toISOString(),
    lastLoginAt: u.lastLoginAt ? new Date(u.lastLoginAt).toISOString() : null,
  };
}

export function presentUserOption(u: Pick<UserDoc, 'firstName' | 'lastName' | 'email' | 'role' | 'addlRoles'> & { _id: Types.ObjectId }): TUserOption {
  return {
    id: String(u._id),
    fullName: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    role: u.role as TUserOption['role'],
    addlRoles: [...(u.addlRoles ?? [])] as TUserOption['addlRoles'],
  };
}
