import { Types } from 'mongoose';
import { AuthMessages, ResetRules, type TLoginRequest, type TMessageResponse, type TOtpLoginRequest } from '@hireflow/contracts/auth';
import { AgencyPortalMessages, type TAgencySessionResponse, type TAgencySetPasswordRequest, type TAgencySignInPage } from '@hireflow/contracts/agency-portal';
import { LoginMessages } from '@hireflow/contracts/messages';
import { AppError } from '../../../lib/app-error';
import { assertBackoffPassed, clearBackoff, countBackoffAttempt } from '../../../lib/rate-limit';
import { sendMail } from '../../../lib/mailer';
import type { AuthCtx } from '../../auth/auth.context';
import { hashPassword, passwordMatches } from '../../auth/auth.crypto';
import { consumeAuthToken, issueAuthToken } from '../../auth/auth-token.service';
import { verifyCaptcha } from '../../auth/captcha.service';
import { mailOtpCode, useOtpCode } from '../../auth/otp.service';
import { Otp } from '../../auth/otp.model';
import { sendWithinFloor, waitOutFloor } from '../../auth/password-reset.service';
import { AccountBackoff } from '../../auth/rate-rules';
import { revokeUserSessions } from '../../auth/session.model';
import { noAccount } from '../../auth/sign-in.service';
import { resetPasswordMail } from '../../mail/mail.templates';
import { Customer } from '../../org/customer.model';
import { Agency, type AgencyDoc } from '../agency.model';
import { AgencyUser, type AgencyUserDoc } from '../agency-user.model';
import { agencySignInUrl } from '../agency-invite';
import { startAgencySession } from './agency-session';

/** The agency a sign-in link names: the company by its slug, and one of its agencies. */
export type AgencyLink = { customerSlug: string; agencyId: string };

const mayAgencySignIn = (agency: Pick<AgencyDoc, 'status'>) => agency.status === 'active' || agency.status === 'paused';

/**
 * The backoff counters of an agency account: the same address may have an account with several agencies,
 * so the agency is part of the account's name (and never mixes with a company user's counters).
 */
export const agencyAccountKey = (agencyId: Types.ObjectId | string, email: string) => `agency:${String(agencyId).toLowerCase()}:${email.toLowerCase()}`;

async function findLinkedAgency({ customerSlug, agencyId }: AgencyLink): Promise<{ agency: AgencyDoc; company: { _id: Types.ObjectId; name: string; status?: string | null } }> {
  const company = Types.ObjectId.isValid(agencyId) ? await Customer.findOne({ slug: customerSlug.toLowerCase() }, { name: 1, status: 1 }).lean() : null;
  const agency = company ? await Agency.findOne({ customerId: company._id, _id: agencyId }).lean<AgencyDoc>() : null;
  if (!company || !agency) throw AppError.notFound('Agency sign-in page');
  return { agency, company };
}

async function findAgencyUser(agency: AgencyDoc, email: string) {
  return AgencyUser.findOne({ customerId: agency.customerId, agencyId: agency._id, email: email.toLowerCase() }).lean<AgencyUserDoc>();
}

/** The agency may sign in (active or paused), and so may this user (active), in a company that is not suspended. */
function assertAgencyMaySignIn(agency: AgencyDoc, user: AgencyUserDoc, company: { status?: string | null }) {
  if (!mayAgencySignIn(agency)) throw AppError.forbidden(AgencyPortalMessages.cannotSignIn);
  if (user.status !== 'active') throw new AppError('account_inactive', { message: AuthMessages.accountInactive, status: 403 });
  if (company.status === 'suspended') throw new AppError('company_suspended', { message: AuthMessages.companySuspended, status: 403 });
}

/** What the sign-in page shows; 404 when the link names no agency of that company. */
export async function agencySignInPage(link: AgencyLink): Promise<TAgencySignInPage> {
  const { agency, company } = await findLinkedAgency(link);
  return { companyName: company.name, agencyName: agency.name, canSignIn: mayAgencySignIn(agency) && company.status !== 'suspended' };
}

/**
 * Password sign-in, the staff rules (sign-in.service login): the wait this address owes the account, the
 * captcha (used up either way), the account, the password (wrong ones grow the wait), then the agency's
 * and the user's state.
 */
export async function agencyLogin(ctx: AuthCtx, link: AgencyLink, input: TLoginRequest): Promise<TAgencySessionResponse> {
  const attempt = { account: agencyAccountKey(link.agencyId, input.email), address: ctx.ip };
  await assertBackoffPassed(ctx, AccountBackoff.loginFailures, attempt);
  await verifyCaptcha(ctx.config, input);
  const { agency, company } = await findLinkedAgency(link);
  const user = await findAgencyUser(agency, input.email);
  if (!user) throw noAccount();
  if (!(await passwordMatches(input.password, user.passwordHash))) {
    await countBackoffAttempt(ctx, AccountBackoff.loginFailures, attempt);
    throw new AppError('invalid_credentials', { message: LoginMessages.invalidCredentials, status: 401 });
  }
  assertAgencyMaySignIn(agency, user, company);
  await clearBackoff(ctx, AccountBackoff.loginFailures, attempt);
  return startAgencySession(ctx, user, agency);
}

/** Mails a one-time sign-in code (the staff code rules, otp.service). */
export async function sendAgencyOtp(ctx: AuthCtx, link: AgencyLink, { email }: { email: string }): Promise<TMessageResponse> {
  const asker = { account: agencyAccountKey(link.agencyId, email), address: ctx.ip };
  await assertBackoffPassed(ctx, AccountBackoff.otpSend, asker);
  const { agency, company } = await findLinkedAgency(link);
  const user = await findAgencyUser(agency, email);
  if (!user) throw noAccount();
  assertAgencyMaySignIn(agency, user, company);
  return mailOtpCode(ctx, asker, { userId: user._id, email: user.email, name: user.name });
}

/** Signs in with the mailed code; a password sent along becomes the account's (its other sessions end). */
export async function agencyOtpLogin(ctx: AuthCtx, link: AgencyLink, input: TOtpLoginRequest): Promise<TAgencySessionResponse> {
  const { agency, company } = await findLinkedAgency(link);
  const user = await findAgencyUser(agency, input.email);
  if (!user) throw noAccount();
  await useOtpCode(ctx, user._id, input.otp);
  assertAgencyMaySignIn(agency, user, company);
  if (input.password) {
    await AgencyUser.updateOne({ customerId: user.customerId, _id: user._id }, { $set: { passwordHash: await hashPassword(ctx.config, input.password) } });
    await revokeUserSessions(user._id);
  }
  // The code proved the mailbox: earlier wrong passwords no longer hold the account back.
  await clearBackoff(ctx, AccountBackoff.loginFailures, { account: agencyAccountKey(agency._id, user.email) });
  return startAgencySession(ctx, user, agency);
}

/**
 * "Forgot password" on the agency's sign-in page: mails a link back to that page with a reset key when the
 * account exists and may sign in (an invited user whose invitation expired too). The same answer after the
 * same minimum time either way (password-reset.service).
 */
export async function initiateAgencyReset(ctx: AuthCtx, link: AgencyLink, input: { email: string; captchaId: string; captchaText: string }): Promise<TMessageResponse> {
  await verifyCaptcha(ctx.config, input);
  const startedAt = Date.now();
  const asker = { account: agencyAccountKey(link.agencyId, input.email), address: ctx.ip };
  await assertBackoffPassed(ctx, AccountBackoff.resetMail, asker);
  await countBackoffAttempt(ctx, AccountBackoff.resetMail, asker);
  const found = await findLinkedAgency(link).catch(() => null);
  const user = found ? await findAgencyUser(found.agency, input.email) : null;
  if (found && user && user.status !== 'disabled' && mayAgencySignIn(found.agency)) {
    const signIn = await agencySignInUrl(ctx.config, found.agency);
    if (signIn) {
      const { key } = await issueAuthToken({ userId: user._id, purpose: 'agency-reset', ttlMs: ResetRules.ttlMinutes * 60_000 });
      await sendWithinFloor(startedAt, sendMail(ctx, { to: user.email, ...resetPasswordMail({ name: user.name, link: `${signIn}?key=${encodeURIComponent(key)}` }) }));
    }
  }
  await waitOutFloor(startedAt);
  return { message: AuthMessages.resetLinkSent };
}

/**
 * Chooses a password with the key of an invitation or reset mail (used up): an invited user becomes
 * active, the user's other sessions end, and earlier wrong guesses no longer hold the account back.
 */
export async function setAgencyPassword(ctx: AuthCtx, input: TAgencySetPasswordRequest): Promise<TMessageResponse> {
  const token = await consumeAuthToken(['agency-invite', 'agency-reset'], input.key);
  const user = token ? await AgencyUser.findOne({ _id: token.userId }).setOptions({ crossTenant: true }).lean<AgencyUserDoc>() : null;
  if (!token || !user || user.status === 'disabled') throw new AppError('reset_link_invalid', { message: AuthMessages.resetLinkInvalid, status: 400 });
  const passwordHash = await hashPassword(ctx.config, input.password);
  await AgencyUser.updateOne({ customerId: user.customerId, _id: user._id }, { $set: { passwordHash, status: 'active' } });
  await revokeUserSessions(user._id);
  await Otp.deleteMany({ userId: user._id });
  await clearBackoff(ctx, AccountBackoff.loginFailures, { account: agencyAccountKey(user.agencyId, user.email) });
  return { message: AuthMessages.passwordChanged };
}
