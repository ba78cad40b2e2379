import type { Types } from 'mongoose';
import { Paths } from '@hireflow/contracts/routes';
import {
  SuperadminMessages,
  SuperadminValidation,
  type TCompanyAction,
  type TCompanyActionResponse,
  type TCompanyDetailResponse,
  type TCompanyListResponse,
  type TCompanyRow,
  type TCompanyState,
  type TSuperadminOverviewResponse,
} from '@hireflow/contracts/superadmin';
import { AppError } from '../../lib/app-error';
import { escapeRegex } from '../../lib/escape-regex';
import { sendMail, type MailContext } from '../../lib/mailer';
import { Customer } from '../org/customer.model';
import { User } from '../users/user.model';
import { revokeCompanySessions } from '../auth/session.model';
import { companyAuthorisedMail } from '../mail/mail.templates';
import { CompanyAudit, type CompanyAuditDoc } from './company-audit.model';
import { presentAuditEntry, presentCompany, type CompanyAdmin, type CompanySource } from './companies.presenter';

const companyFields = { name: 1, slug: 1, isAuthorized: 1, status: 1, plan: 1, createdAt: 1 } as const;
const newestFirst = { createdAt: -1, _id: -1 } as const;

/** The customer filter of each state (see companyStateOf). */
const stateFilters: Record<TCompanyState, Record<string, unknown>> = {
  pending: { status: 'active', isAuthorized: false },
  active: { status: 'active', isAuthorized: true },
  suspended: { status: 'suspended' },
};

const companyNotFound = () => AppError.notFound('Company');

/** The first admin of each company (the one who signed it up), by company id. */
async function adminsOf(customerIds: Types.ObjectId[]): Promise<Map<string, CompanyAdmin>> {
  if (customerIds.length === 0) return new Map();
  const admins = await User.find({ customerId: { $in: customerIds }, admin: true }, { customerId: 1, firstName: 1, lastName: 1, email: 1 })
    .sort({ createdAt: 1, _id: 1 })
    .lean();
  const byCompany = new Map<string, CompanyAdmin>();
  for (const admin of admins) {
    const key = String(admin.customerId);
    if (!byCompany.has(key)) byCompany.set(key, admin);
  }
  return byCompany;
}

async function presentCompanies(customers: CompanySource[]): Promise<TCompanyRow[]> {
  const admins = await adminsOf(customers.map((c) => c._id));
  return customers.map((c) => presentCompany(c, admins.get(String(c._id)) ?? null));
}

/** Companies whose name or slug contains the text, or whose admin's email does. */
async function searchFilter(q: string): Promise<Record<string, unknown> | null> {
  if (!q) return null;
  const pattern = escapeRegex(q.toLowerCase());
  const adminCompanies = await User.find({ admin: true, email: { $regex: pattern } }, { customerId: 1 })
    .setOptions({ crossTenant: true })
    .limit(1000)
    .lean();
  const ids = adminCompanies.map((u) => u.customerId).filter((id): id is Types.ObjectId => !!id);
  return { $or: [{ name: { $regex: escapeRegex(q), $options: 'i' } }, { slug: { $regex: pattern } }, { _id: { $in: ids } }] };
}

/** One page of companies, newest first, filtered and counted in the database. */
export async function listCompanies({ q, state, page }: { q: string; state?: TCompanyState; page: number }): Promise<TCompanyListResponse> {
  const { pageSize } = SuperadminValidation;
  const search = await searchFilter(q);
  const parts = [state ? stateFilters[state] : null, search].filter((p): p is Record<string, unknown> => p !== null);
  const filter = parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
  const [customers, total] = await Promise.all([
    Customer.find(filter, companyFields).sort(newestFirst).skip((page - 1) * pageSize).limit(pageSize).lean(),
    Customer.countDocuments(filter),
  ]);
  return { items: await presentCompanies(customers as CompanySource[]), total, page, pageSize };
}

async function historyOf(companyId: Types.ObjectId) {
  const entries = await CompanyAudit.find({ companyId }).sort({ createdAt: -1, _id: -1 }).limit(200).lean();
  return (entries as CompanyAuditDoc[]).map(presentAuditEntry);
}

export async function getCompany(id: string): Promise<TCompanyDetailResponse> {
  const customer = await Customer.findById(id, companyFields).lean();
  if (!customer) throw companyNotFound();
  const [company] = await presentCompanies([customer as CompanySource]);
  return { company: company!, history: await historyOf(customer._id) };
}

/** The landing page: pending companies first (oldest waiting first), counts by state, the newest companies. */
export async function superadminOverview(): Promise<TSuperadminOverviewResponse> {
  const [pending, active, suspended, waiting, newest] = await Promise.all([
    Customer.countDocuments(stateFilters.pending),
    Customer.countDocuments(stateFilters.active),
    Customer.countDocuments(stateFilters.suspended),
    Customer.find(stateFilters.pending, companyFields).sort({ createdAt: 1, _id: 1 }).limit(SuperadminValidation.overviewPending).lean(),
    Customer.find({}, companyFields).sort(newestFirst).limit(SuperadminValidation.overviewNewest).lean(),
  ]);
  return {
    counts: { pending, active, suspended },
    pending: await presentCompanies(waiting as CompanySource[]),
    pendingTotal: pending,
    newest: await presentCompanies(newest as CompanySource[]),
  };
}

/** Each action applies only from the states it names; the filter makes the change atomic. */
const transitions: Record<TCompanyAction, { from: Record<string, unknown>; set: Record<string, unknown>; refused: string }> = {
  authorise: { from: stateFilters.pending, set: { isAuthorized: true }, refused: SuperadminMessages.notPending },
  suspend: { from: { status: { $ne: 'suspended' } }, set: { status: 'suspended' }, refused: SuperadminMessages.alreadySuspended },
  reinstate: { from: stateFilters.suspended, set: { status: 'active' }, refused: SuperadminMessages.notSuspended },
};

const doneMessages: Record<TCompanyAction, (name: string) => string> = {
  authorise: SuperadminMessages.authorised,
  suspend: SuperadminMessages.suspended,
  reinstate: SuperadminMessages.reinstated,
};

type Actor = { _id: Types.ObjectId; firstName: string; lastName: string; email: string };

/** The company's active admins hear that they can start: the link opens the sign-in page. */
async function mailAuthorisedAdmins(mail: MailContext & { config: { publicUrl: string } }, customer: { _id: Types.ObjectId; name: string }) {
  const admins = await User.find({ customerId: customer._id, admin: true, status: 'active' }, { firstName: 1, email: 1 }).lean();
  const link = `${mail.config.publicUrl}${Paths.login}`;
  await Promise.all(admins.map((admin) => sendMail(mail, { to: admin.email, ...companyAuthorisedMail({ name: admin.firstName, companyName: customer.name, link }) })));
}

/**
 * Authorise, suspend or reinstate a company, with an audit entry. Suspending also ends every open
 * session of its users at once (sign-in and every API call refuse a suspended company's users anyway).
 */
export async function actOnCompany({
  id,
  action,
  actor,
  reason,
  mail,
}: {
  id: string;
  action: TCompanyAction;
  actor: Actor;
  reason: string;
  mail: MailContext & { config: { publicUrl: string } };
}): Promise<TCompanyActionResponse> {
  const transition = transitions[action];
  const customer = await Customer.findOneAndUpdate({ _id: id, ...transition.from }, { $set: transition.set }, { returnDocument: 'after', projection: companyFields }).lean();
  if (!customer) {
    if (!(await Customer.exists({ _id: id }))) throw companyNotFound();
    throw AppError.conflict(transition.refused);
  }
  await CompanyAudit.create({
    companyId: customer._id,
    action,
    actorId: actor._id,
    actorName: `${actor.firstName} ${actor.lastName}`.trim(),
    actorEmail: actor.email,
    reason,
  });
  if (action === 'suspend') await revokeCompanySessions(customer._id);
  if (action === 'authorise') await mailAuthorisedAdmins(mail, customer);
  return { ...(await getCompany(id)), message: doneMessages[action](customer.name) };
}
