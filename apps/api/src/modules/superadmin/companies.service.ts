import type { ClientSession, Types } from 'mongoose';
import { Paths } from '@hireflow/contracts/routes';
import { Plans, type TPlanId } from '@hireflow/contracts/billing';
import {
  CompanyActionAudit,
  SuperadminMessages,
  SuperadminValidation,
  type TCompanyAction,
  type TCompanyActionResponse,
  type TCompanyDetailResponse,
  type TCompanyListResponse,
  type TCompanyRow,
  type TCompanyState,
  type TCompanyUsage,
  type TSuperadminOverviewResponse,
} from '@hireflow/contracts/superadmin';
import { AppError } from '../../lib/app-error';
import { escapeRegex } from '../../lib/escape-regex';
import { sendMail, type MailContext } from '../../lib/mailer';
import { Customer } from '../org/customer.model';
import { User } from '../users/user.model';
import { revokeCompanySessions } from '../auth/session.model';
import { companyAuthorisedMail } from '../mail/mail.templates';
import { Job } from '../jobs/job.model';
import { Application } from '../candidates/applications/application.model';
import { withTransaction } from '../jobs/with-transaction';
import { countSeatsUsed } from '../billing/plans';
import { companyAuditHistory, recordPlatformAction, type PlatformActor } from './platform-audit';
import { presentCompany, noUsage, type CompanyAdmin, type CompanySource } from './companies.presenter';

const companyFields = { name: 1, slug: 1, isAuthorized: 1, status: 1, plan: 1, seats: 1, trialEndsAt: 1, subscription: 1, createdAt: 1 } as const;
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

/** The first day of the month `now` is in (UTC): "this month" of the usage figures. */
export const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

type CountRow = { _id: Types.ObjectId; n: number };
const countsBy = (rows: CountRow[]) => new Map(rows.map((r) => [String(r._id), r.n]));

/**
 * Users taking a seat, jobs, and applications this month of each company: three grouped counts in the
 * database (each $match leads with customerId and is served by an index), never the rows themselves.
 */
async function usageOf(customerIds: Types.ObjectId[], now = new Date()): Promise<Map<string, TCompanyUsage>> {
  if (customerIds.length === 0) return new Map();
  const byCompany = { $group: { _id: '$customerId', n: { $sum: 1 } } };
  const [users, jobs, applications] = await Promise.all([
    User.aggregate<CountRow>([{ $match: { customerId: { $in: customerIds }, status: { $ne: 'inactive' } } }, byCompany]),
    Job.aggregate<CountRow>([{ $match: { customerId: { $in: customerIds } } }, byCompany]),
    Application.aggregate<CountRow>([{ $match: { customerId: { $in: customerIds }, appliedAt: { $gte: monthStartOf(now) } } }, byCompany]),
  ]);
  const [u, j, a] = [countsBy(users), countsBy(jobs), countsBy(applications)];
  return new Map(customerIds.map((id) => [String(id), { users: u.get(String(id)) ?? 0, jobs: j.get(String(id)) ?? 0, applicationsThisMonth: a.get(String(id)) ?? 0 }]));
}

async function presentCompanies(customers: CompanySource[]): Promise<TCompanyRow[]> {
  const ids = customers.map((c) => c._id);
  const [admins, usage] = await Promise.all([adminsOf(ids), usageOf(ids)]);
  return customers.map((c) => presentCompany(c, admins.get(String(c._id)) ?? null, usage.get(String(c._id)) ?? noUsage));
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

export async function getCompany(id: string): Promise<TCompanyDetailResponse> {
  const customer = await Customer.findById(id, companyFields).lean();
  if (!customer) throw companyNotFound();
  const [company] = await presentCompanies([customer as CompanySource]);
  return { company: company!, history: await companyAuditHistory(customer._id) };
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

type Actor = PlatformActor;

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
  // The change and its audit entry land together or not at all.
  const customer = await withTransaction(async (session) => {
    const changed = await Customer.findOneAndUpdate({ _id: id, ...transition.from }, { $set: transition.set }, { returnDocument: 'after', projection: companyFields, session }).lean();
    if (!changed) return null;
    await recordPlatformAction(
      { action: CompanyActionAudit[action], actor, target: { kind: 'company', id: String(changed._id), label: changed.name }, companyId: changed._id, reason },
      session,
    );
    return changed;
  });
  if (!customer) {
    if (!(await Customer.exists({ _id: id }))) throw companyNotFound();
    throw AppError.conflict(transition.refused);
  }
  if (action === 'suspend') await revokeCompanySessions(customer._id);
  if (action === 'authorise') await mailAuthorisedAdmins(mail, customer);
  return { ...(await getCompany(id)), message: doneMessages[action](customer.name) };
}

/**
 * The super admin puts a company on a plan with a number of seats (beyond the plan's own if granted), never
 * fewer than the users already taking one. The trial, if any, runs on. Audited as company.plan with what
 * changed ("Growth → Enterprise, 100 seats"), in the same transaction as the change.
 */
export async function changeCompanySubscription({
  id,
  input,
  actor,
}: {
  id: string;
  input: { plan: TPlanId; seats: number; reason: string };
  actor: Actor;
}): Promise<TCompanyActionResponse> {
  const name = await withTransaction(async (session: ClientSession) => {
    const customer = await Customer.findById(id, companyFields, { session }).lean();
    if (!customer) throw companyNotFound();
    const used = await countSeatsUsed(customer._id, session);
    if (input.seats < used) throw AppError.badRequest(SuperadminMessages.seatsBelowUsed(used));
    const before = presentCompany(customer as CompanySource, null);
    await Customer.updateOne({ _id: customer._id }, { $set: { plan: input.plan, seats: input.seats } }, { session });
    const from = Plans[before.plan].name;
    const to = Plans[input.plan].name;
    const detail = `${from === to ? to : `${from} → ${to}`}, ${input.seats} ${input.seats === 1 ? 'seat' : 'seats'}`;
    await recordPlatformAction(
      { action: 'company.plan', actor, target: { kind: 'company', id: String(customer._id), label: customer.name }, companyId: customer._id, reason: input.reason, detail },
      session,
    );
    return customer.name;
  });
  return { ...(await getCompany(id)), message: SuperadminMessages.subscriptionChanged(name) };
}
