import type { Types } from 'mongoose';
import type { TPlanId } from '@hireflow/contracts/billing';
import type { TCompanyRow, TCompanyState, TCompanyUsage } from '@hireflow/contracts/superadmin';
import type { CustomerDoc } from '../org/customer.model';
import { planOf } from '../billing/plans';

export type CompanySource = Pick<CustomerDoc, 'name' | 'slug' | 'isAuthorized' | 'status' | 'plan' | 'seats' | 'trialEndsAt' | 'subscription'> & {
  _id: Types.ObjectId;
  createdAt?: Date;
};
export type CompanyAdmin = { _id: Types.ObjectId; firstName: string; lastName: string; email: string };

/** Suspension wins over authorisation: a suspended company's users cannot sign in either way. */
export function companyStateOf(customer: Pick<CustomerDoc, 'isAuthorized' | 'status'>): TCompanyState {
  if (customer.status === 'suspended') return 'suspended';
  return customer.isAuthorized ? 'active' : 'pending';
}

export const noUsage: TCompanyUsage = { users: 0, jobs: 0, applicationsThisMonth: 0 };

export function presentCompany(customer: CompanySource, admin: CompanyAdmin | null, usage: TCompanyUsage = noUsage): TCompanyRow {
  const access = planOf(customer);
  return {
    id: String(customer._id),
    name: customer.name,
    slug: customer.slug ?? null,
    state: companyStateOf(customer),
    plan: access.plan.id as TPlanId,
    seats: { used: usage.users, allowed: access.seats },
    trialEndsAt: access.trialEndsAt ? access.trialEndsAt.toISOString() : null,
    usage,
    admin: admin ? { id: String(admin._id), name: `${admin.firstName} ${admin.lastName}`.trim(), email: admin.email } : null,
    createdAt: (customer.createdAt ?? new Date(0)).toISOString(),
  };
}
