import type { Types } from 'mongoose';
import type { TCompanyAuditEntry, TCompanyRow, TCompanyState } from '@hireflow/contracts/superadmin';
import type { CustomerDoc } from '../org/customer.model';
import type { CompanyAuditDoc } from './company-audit.model';

export type CompanySource = Pick<CustomerDoc, 'name' | 'slug' | 'isAuthorized' | 'status' | 'plan'> & { _id: Types.ObjectId; createdAt?: Date };
export type CompanyAdmin = { _id: Types.ObjectId; firstName: string; lastName: string; email: string };

/** Suspension wins over authorisation: a suspended company's users cannot sign in either way. */
export function companyStateOf(customer: Pick<CustomerDoc, 'isAuthorized' | 'status'>): TCompanyState {
  if (customer.status === 'suspended') return 'suspended';
  return customer.isAuthorized ? 'active' : 'pending';
}

export function presentCompany(customer: CompanySource, admin: CompanyAdmin | null): TCompanyRow {
  return {
    id: String(customer._id),
    name: customer.name,
    slug: customer.slug ?? null,
    state: companyStateOf(customer),
    plan: customer.plan ?? 'trial',
    admin: admin ? { id: String(admin._id), name: `${admin.firstName} ${admin.lastName}`.trim(), email: admin.email } : null,
    createdAt: (customer.createdAt ?? new Date(0)).toISOString(),
  };
}

export function presentAuditEntry(entry: CompanyAuditDoc): TCompanyAuditEntry {
  return {
    id: String(entry._id),
    action: entry.action,
    actor: { id: String(entry.actorId), name: entry.actorName, email: entry.actorEmail },
    reason: entry.reason ?? '',
    at: entry.createdAt.toISOString(),
  };
}
