import type { ClientSession, Types } from 'mongoose';
import {
  SuperadminMessages,
  SuperadminValidation,
  type TSuperadminUserAction,
  type TSuperadminUserActionResponse,
  type TSuperadminUserListResponse,
  type TSuperadminUserRow,
} from '@hireflow/contracts/superadmin';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { escapeRegex } from '../../lib/escape-regex';
import { Customer } from '../org/customer.model';
import { User, type UserDoc } from '../users/user.model';
import { revokeUserSessions } from '../auth/session.model';
import { mailPasswordResetLink } from '../auth/password-reset.service';
import { assertSeatsFor } from '../billing/plans';
import { withTransaction } from '../jobs/with-transaction';
import { recordPlatformAction, type PlatformActor } from './platform-audit';
import { assertKeepsAnAdmin } from '../users/users.service';

const crossTenant = { crossTenant: true } as const;
const userFields = { customerId: 1, firstName: 1, lastName: 1, email: 1, role: 1, admin: 1, superAdmin: 1, status: 1, lastLoginAt: 1 } as const;
type UserRowSource = Pick<UserDoc, 'customerId' | 'firstName' | 'lastName' | 'email' | 'role' | 'admin' | 'superAdmin' | 'status' | 'lastLoginAt'> & { _id: Types.ObjectId };

const userNotFound = () => new AppError('not_found', { message: SuperadminMessages.userNotFound, status: 404 });

function roleOf(u: UserRowSource): string {
  if (u.superAdmin) return 'Platform super admin';
  const role = u.role === 'recruiter' ? 'Recruiter' : 'Employee';
  return u.admin ? `${role}, admin` : role;
}

function presentUserRow(u: UserRowSource, companies: Map<string, string>): TSuperadminUserRow {
  const companyId = u.customerId ? String(u.customerId) : null;
  return {
    id: String(u._id),
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    company: companyId ? { id: companyId, name: companies.get(companyId) ?? 'Deleted company' } : null,
    role: roleOf(u),
    status: u.status === 'inactive' ? 'inactive' : 'active',
    superAdmin: !!u.superAdmin,
    lastSignInAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
  };
}

async function companyNames(users: UserRowSource[]): Promise<Map<string, string>> {
  const ids = [...new Set(users.map((u) => u.customerId).filter((id): id is Types.ObjectId => !!id).map(String))];
  if (ids.length === 0) return new Map();
  const customers = await Customer.find({ _id: { $in: ids } }, { name: 1 }).lean();
  return new Map(customers.map((c) => [String(c._id), c.name]));
}

/**
 * Who the text finds: users with a name or email word starting with each word of the text (the searchKeys
 * index), or users of a company whose name contains the text.
 */
async function searchFilter(q: string): Promise<Record<string, unknown> | null> {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const byWords = words.map((w) => ({ searchKeys: { $regex: `^${escapeRegex(w)}` } }));
  const companies = await Customer.find({ name: { $regex: escapeRegex(q), $options: 'i' } }, { _id: 1 }).limit(1000).lean();
  const ofCompanies = companies.length ? [{ customerId: { $in: companies.map((c) => c._id) } }] : [];
  return { $or: [byWords.length === 1 ? byWords[0]! : { $and: byWords }, ...ofCompanies] };
}

/** One page of users across every company, by name, filtered and counted in the database. */
export async function listPlatformUsers({ q, status, page }: { q: string; status?: 'active' | 'inactive'; page: number }): Promise<TSuperadminUserListResponse> {
  const { pageSize } = SuperadminValidation;
  const search = await searchFilter(q);
  const parts = [status ? { status } : null, search].filter((p): p is Record<string, unknown> => p !== null);
  const filter = parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
  const [users, total] = await Promise.all([
    User.find(filter, userFields).setOptions(crossTenant).sort({ sortName: 1, _id: 1 }).skip((page - 1) * pageSize).limit(pageSize).lean<UserRowSource[]>(),
    User.countDocuments(filter).setOptions(crossTenant),
  ]);
  const names = await companyNames(users);
  return { items: users.map((u) => presentUserRow(u, names)), total, page, pageSize };
}

async function loadRow(id: Types.ObjectId | string): Promise<TSuperadminUserRow> {
  const user = await User.findById(id, userFields).setOptions(crossTenant).lean<UserRowSource>();
  if (!user) throw userNotFound();
  return presentUserRow(user, await companyNames([user]));
}

type MailCtx = { config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom'>; logger: Logger };

const auditTarget = (u: UserRowSource) => ({ kind: 'user' as const, id: String(u._id), label: `${`${u.firstName} ${u.lastName}`.trim()} <${u.email}>` });

/** Flips active ⇄ inactive with its audit entry in one transaction; `check` runs first inside it. */
async function setStatus(
  { id, actor, reason }: { id: string; actor: PlatformActor; reason: string },
  to: 'active' | 'inactive',
  check?: (user: UserRowSource, session: ClientSession) => Promise<void>,
) {
  return withTransaction(async (session) => {
    const user = await User.findById(id, userFields, { session }).setOptions(crossTenant).lean<UserRowSource>();
    if (!user) throw userNotFound();
    if (user.status === to) throw AppError.conflict(to === 'inactive' ? SuperadminMessages.alreadyDisabled : SuperadminMessages.alreadyEnabled);
    await check?.(user, session);
    const changed = await User.updateOne({ _id: user._id, customerId: user.customerId ?? null, status: user.status }, { $set: { status: to } }, { session });
    if (changed.modifiedCount === 0) throw AppError.conflict(to === 'inactive' ? SuperadminMessages.alreadyDisabled : SuperadminMessages.alreadyEnabled);
    await recordPlatformAction(
      { action: to === 'inactive' ? 'user.disable' : 'user.enable', actor, target: auditTarget(user), companyId: user.customerId ?? null, reason },
      session,
    );
    return user;
  });
}

/**
 * disable: the user cannot sign in and every open session ends (never the acting super admin themself, nor a
 * company's last active admin);
 * enable: they can sign in again, taking a seat of their company (refused when none is free);
 * reset-link: mails them the forgot-password link (the same key and mail as /forgot-password).
 */
export async function actOnPlatformUser({
  id,
  action,
  actor,
  reason,
  mail,
}: {
  id: string;
  action: TSuperadminUserAction;
  actor: PlatformActor;
  reason: string;
  mail: MailCtx;
}): Promise<TSuperadminUserActionResponse> {
  if (action === 'disable') {
    if (String(actor._id) === id) throw AppError.badRequest(SuperadminMessages.cannotDisableSelf);
    const user = await setStatus({ id, actor, reason }, 'inactive', (u, session) => assertKeepsAnAdmin(u, session));
    await revokeUserSessions(user._id);
    const row = await loadRow(user._id);
    return { user: row, message: SuperadminMessages.userDisabled(row.name) };
  }
  if (action === 'enable') {
    const user = await setStatus({ id, actor, reason }, 'active', async (u, session) => {
      if (u.customerId) await assertSeatsFor(u.customerId, 1, session);
    });
    const row = await loadRow(user._id);
    return { user: row, message: SuperadminMessages.userEnabled(row.name) };
  }
  const user = await User.findById(id, userFields).setOptions(crossTenant).lean<UserRowSource>();
  if (!user) throw userNotFound();
  if (user.status !== 'active') throw AppError.conflict(SuperadminMessages.disabledCannotReset);
  await mailPasswordResetLink(mail, user);
  await recordPlatformAction({ action: 'user.reset_link', actor, target: auditTarget(user), companyId: user.customerId ?? null, reason, detail: `Mailed to ${user.email}` });
  return { user: await loadRow(user._id), message: SuperadminMessages.resetLinkSent(user.email) };
}
