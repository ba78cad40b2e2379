import bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import type { TAccessRight, TAdditionalRole, TBasicRole } from '@hireflow/contracts/roles';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Session } from '../modules/auth/session.model';
import { signSessionToken } from '../lib/auth';
import type { Config } from '../config';

export const FactoryPassword = 'Passw0rd!';
let passwordHash: string | null = null;
const unique = () => randomBytes(4).toString('hex');

export async function buildCustomer(overrides: Partial<{ name: string; slug: string | null; isAuthorized: boolean; userOptionsPage: boolean; domains: string[]; status: 'active' | 'suspended' }> = {}) {
  const id = unique();
  return Customer.create({ name: `Company ${id}`, slug: `co-${id}`, isAuthorized: true, userOptionsPage: true, domains: [`co-${id}.test`], ...overrides });
}

export async function buildUser(
  overrides: Partial<{
    customerId: Types.ObjectId;
    email: string;
    firstName: string;
    lastName: string;
    role: TBasicRole;
    admin: boolean;
    superAdmin: boolean;
    superUser: boolean;
    addlRoles: TAdditionalRole[];
    rights: TAccessRight[];
    status: 'active' | 'inactive';
    emailVerified: boolean;
  }> = {},
) {
  passwordHash ??= await bcrypt.hash(FactoryPassword, 4);
  const { emailVerified = true, ...rest } = overrides;
  const id = unique();
  return User.create({
    firstName: 'Test',
    lastName: `User ${id}`,
    email: `user-${id}@example.test`,
    role: 'recruiter',
    passwordHash,
    emailVerification: { status: emailVerified, keyHash: null },
    ...rest,
  });
}

/** A bearer token for a user, through a real session row (what sign-in creates). */
export async function tokenFor(config: Config, user: { _id: Types.ObjectId; customerId?: Types.ObjectId | null }) {
  const session = await Session.create({
    userId: user._id,
    customerId: user.customerId ?? null,
    expiresAt: new Date(Date.now() + config.jwtTtlHours * 3600_000),
  });
  return signSessionToken(config, { sid: String(session._id), sub: String(user._id) });
}
