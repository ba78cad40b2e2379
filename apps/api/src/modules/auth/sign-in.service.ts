import type { Types } from 'mongoose';
import { AuthMessages, type TAuthCheckResponse, type TLoginRequest, type TSessionResponse } from '@hireflow/contracts/auth';
import { LoginMessages } from '@hireflow/contracts/messages';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { signSessionToken } from '../../lib/auth';
import { assertBackoffPassed, clearBackoff, countBackoffAttempt } from '../../lib/rate-limit';
import { User, type UserDoc } from '../users/user.model';
import { Customer } from '../org/customer.model';
import { isConfigured } from '../integrations/oauth/providers';
import { presentUser, type PresentableCustomer } from '../users/users.presenter';
import { Session } from './session.model';
import type { AuthCtx } from './auth.context';
import { verifyCaptcha } from './captcha.service';
import { passwordMatches } from './auth.crypto';
import { AccountBackoff } from './rate-rules';
import { recordSignIn } from '../reports/activity/usage-recorder';
import { recordAudit } from '../privacy/audit/audit';

/** Sign-in is platform-wide: the email names the company, so this lookup is the one cross-tenant read. */
export async function findUserByEmail(email: string): Promise<UserDoc | null> {
  return (await User.findOne({ email: email.toLowerCase() }).setOptions({ crossTenant: true }).lean()) as UserDoc | null;
}

export async function findUserById(id: Types.ObjectId): Promise<UserDoc | null> {
  return (await User.findById(id).setOptions({ crossTenant: true }).lean()) as UserDoc | null;
}

export async function requireAccount(email: string): Promise<UserDoc> {
  const user = await findUserByEmail(email);
  if (!user) throw noAccount();
  return user;
}

export function noAccount() {
  return new AppError('no_account', { message: LoginMessages.noAccount, status: 404 });
}

/**
 * An unverified email or an unauthorised company still signs in (the SPA routes them); an inactive
 * user or a suspended company does not. Answers the company, for the presenter.
 */
export async function assertMaySignIn(user: UserDoc): Promise<PresentableCustomer | null> {
  if (user.status !== 'active') throw new AppError('account_inactive', { message: AuthMessages.accountInactive, status: 403 });
  if (!user.customerId) return null;
  const customer = await Customer.findById(user.customerId, { name: 1, slug: 1, isAuthorized: 1, userOptionsPage: 1, status: 1 }).lean();
  if (!customer || customer.status === 'suspended') throw new AppError('company_suspended', { message: AuthMessages.companySuspended, status: 403 });
  return customer;
}

/**
 * A server-side session row and the JWT that names it, plus the stored user for the destination rules.
 * Checks assertMaySignIn itself unless the caller passes the company it answered.
 */
export async function startSession(ctx: AuthCtx, user: UserDoc, checked?: { customer: PresentableCustomer | null }): Promise<TSessionResponse> {
  const customer = checked ? checked.customer : await assertMaySignIn(user);
  const now = new Date();
  const session = await Session.create({
    userId: user._id,
    customerId: user.customerId ?? null,
    expiresAt: new Date(now.getTime() + ctx.config.jwtTtlHours * 3600_000),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  await User.updateOne({ _id: user._id, customerId: user.customerId ?? null }, { $set: { lastLoginAt: now } });
  // The usage report's sign-ins (every sign-in path starts its session here); a failure to count never fails the sign-in.
  await recordSignIn(user.customerId, user._id, new Date(ctx.clock.now())).catch((error: unknown) => ctx.logger.warn({ err: error }, 'usage: a sign-in could not be counted'));
  // The privacy audit trail's sign-ins (company users only: the platform super admin has no company's trail).
  if (user.customerId) {
    const actor = { id: user._id, name: `${user.firstName} ${user.lastName}`.trim() };
    await recordAudit({ customerId: user.customerId, action: 'signed_in', at: new Date(ctx.clock.now()), actor });
  }
  const token = signSessionToken(ctx.config, { sid: String(session._id), sub: String(user._id) });
  return { token, user: await presentUser(user, { customer }) };
}

/**
 * The sign-in modes /login offers for an account. Google and Microsoft whenever configured: the provider's
 * verified email finds the account, whichever way it was created.
 */
export async function checkAccount(config: Config, email: string): Promise<TAuthCheckResponse> {
  const user = await requireAccount(email);
  return {
    email: user.email,
    modes: { password: !!user.passwordHash, otp: true, google: isConfigured(config, 'google'), microsoft: isConfigured(config, 'microsoft') },
  };
}

/**
 * Password sign-in: the wait this address owes the account first, then the captcha (used up either way),
 * the account, the password. Wrong passwords grow the wait for this account from this address only.
 */
export async function login(ctx: AuthCtx, input: TLoginRequest): Promise<TSessionResponse> {
  const attempt = { account: input.email, address: ctx.ip };
  await assertBackoffPassed(ctx, AccountBackoff.loginFailures, attempt);
  await verifyCaptcha(ctx.config, input);
  const user = await findUserByEmail(input.email);
  if (!user) throw noAccount();
  if (!(await passwordMatches(input.password, user.passwordHash))) {
    await countBackoffAttempt(ctx, AccountBackoff.loginFailures, attempt);
    throw new AppError('invalid_credentials', { message: LoginMessages.invalidCredentials, status: 401 });
  }
  const customer = await assertMaySignIn(user);
  await clearBackoff(ctx, AccountBackoff.loginFailures, attempt);
  return startSession(ctx, user, { customer });
}

export async function logout(sessionId: Types.ObjectId): Promise<void> {
  await Session.updateOne({ _id: sessionId, revokedAt: null }, { $set: { revokedAt: new Date() } });
}
