import type { Types } from 'mongoose';
import type { TStoredUser } from '@hireflow/contracts/users';
import type { TAdditionalRole, TBasicRole } from '@hireflow/contracts/roles';
import { Customer, type CustomerDoc } from '../org/customer.model';
import { Department } from '../org/department.model';
import { BusinessUnit } from '../org/business-unit.model';
import { Location } from '../org/location.model';
import type { UserDoc } from './user.model';

type Named = { _id: Types.ObjectId; name: string; status?: string | null };
export type PresentableCustomer = Pick<CustomerDoc, 'name' | 'slug' | 'isAuthorized' | 'userOptionsPage'> & { _id: Types.ObjectId };
type Related = {
  customers: Map<string, PresentableCustomer>;
  departments: Map<string, Named>;
  businessUnits: Map<string, Named>;
  locations: Map<string, Named>;
};

const ids = (values: (Types.ObjectId | null | undefined)[]) => [...new Set(values.filter((v): v is Types.ObjectId => !!v).map(String))];
const byId = <T extends { _id: Types.ObjectId }>(rows: T[]) => new Map(rows.map((r) => [String(r._id), r]));

/** Loads, in one query per kind, the company and org entries the users point at (each within its company). */
async function loadRelated(users: UserDoc[], known: PresentableCustomer[]): Promise<Related> {
  const customerIds = ids(users.map((u) => u.customerId));
  const missingCustomerIds = customerIds.filter((id) => !known.some((c) => String(c._id) === id));
  const scoped = (field: 'department' | 'buItemId' | 'location') => ({ customerId: { $in: customerIds }, _id: { $in: ids(users.map((u) => u[field])) } });
  const [loadedCustomers, departments, businessUnits, locations] = await Promise.all([
    missingCustomerIds.length ? Customer.find({ _id: { $in: missingCustomerIds } }, { name: 1, slug: 1, isAuthorized: 1, userOptionsPage: 1 }).lean() : [],
    users.some((u) => u.department) ? Department.find(scoped('department'), { name: 1, status: 1 }).lean() : [],
    users.some((u) => u.buItemId) ? BusinessUnit.find(scoped('buItemId'), { name: 1 }).lean() : [],
    users.some((u) => u.location) ? Location.find(scoped('location'), { name: 1 }).lean() : [],
  ]);
  return { customers: byId([...known, ...loadedCustomers]), departments: byId(departments), businessUnits: byId(businessUnits), locations: byId(locations) };
}

function toStoredUser(user: UserDoc, related: Related): TStoredUser {
  const customer = user.customerId ? related.customers.get(String(user.customerId)) : undefined;
  const department = user.department ? related.departments.get(String(user.department)) : undefined;
  const bu = user.buItemId ? related.businessUnits.get(String(user.buItemId)) : undefined;
  const location = user.location ? related.locations.get(String(user.location)) : undefined;
  return {
    id: String(user._id),
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    mobile: user.mobile ?? '',
    role: user.role as TBasicRole,
    email: user.email,
    eCode: user.eCode ?? '',
    admin: !!user.admin,
    status: user.status === 'inactive' ? 'inactive' : 'active',
    // The key itself never leaves the server; only whether the address is verified.
    email_verification: { status: !!user.emailVerification?.status },
    createdAt: new Date(user.createdAt).toISOString(),
    location: location ? { searchText: location.name, id: String(location._id) } : null,
    customer: customer ? { id: String(customer._id), name: customer.name } : null,
    department: department ? { id: String(department._id), deptDisplayValue: department.name, status: department.status ?? 'active' } : null,
    buItemId: bu ? { displayName: bu.name, id: String(bu._id) } : null,
    timezone: user.timezone ?? 'UTC',
    bufollow: (user.bufollow ?? []).map(String),
    managers: (user.managers ?? []).map(String),
    addlRoles: (user.addlRoles ?? []) as TAdditionalRole[],
    siteAdmin: !!user.siteAdmin,
    superUser: !!user.superUser,
    superAdmin: !!user.superAdmin,
    customerState: customer
      ? { slug: customer.slug ?? null, isAuthorized: !!customer.isAuthorized, userOptionsPage: !!customer.userOptionsPage }
      : null,
  };
}

/**
 * Users as SPEC section 3 stores them (no password hash, no verification key), related data in a few
 * queries. Companies the caller has already loaded can be passed in `known` to save a query.
 */
export async function presentUsers(users: UserDoc[], known: { customers?: PresentableCustomer[] } = {}): Promise<TStoredUser[]> {
  if (users.length === 0) return [];
  const related = await loadRelated(users, known.customers ?? []);
  return users.map((u) => toStoredUser(u, related));
}

export async function presentUser(user: UserDoc, known: { customer?: PresentableCustomer | null } = {}): Promise<TStoredUser> {
  const [stored] = await presentUsers([user], { customers: known.customer ? [known.customer] : [] });
  return stored!;
}
