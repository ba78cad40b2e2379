import { setTimeout as sleep } from 'node:timers/promises';
import { AuthMessages, ResetRules, type TMessageResponse, type TResetPasswordRequest } from '@hireflow/contracts/auth';
import type { Logger } from 'pino';
import { Paths } from '@hireflow/contracts/routes';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { assertBackoffPassed, clearBackoff, countBackoffAttempt } from '../../lib/rate-limit';
import { sendMail } from '../../lib/mailer';
import { User, type UserDoc } from '../users/user.model';
import { Customer } from '../org/customer.model';
import { resetPasswordMail, setPasswordInviteMail } from '../mail/mail.templates';
import { Otp } from './otp.model';
import { revokeUserSessions } from './session.model';
import type { AuthCtx } from './auth.context';
import { hashPassword } from './auth.crypto';
import { verifyCaptcha } from './captcha.service';
import { consumeAuthToken, findLiveAuthToken, issueAuthToken } from './auth-token.service';
import { findUserByEmail, findUserById } from './sign-in.service';
import { AccountBackoff } from './rate-rules';

/** Every answer of reset_password_initiate takes at least this long, account or not. */
export const ResetAnswerFloorMs = 400;
const resetPurposes = ['reset', 'invite'] as const;

const resetLink = (config: Pick<Config, 'publicUrl'>, key: string) => `${config.publicUrl}${Paths.resetPassword}?hashKey=${encodeURIComponent(key)}`;

/**
 * Mails a reset link when the account exists and is active. The answer is the same text after the
 * same minimum time either way, and the mail is not awaited beyond that time (a slow SMTP server
 * would otherwise tell who has an account).
 */
export async function initiatePasswordReset(ctx: AuthCtx, input: { email: string; captchaId: string; captchaText: string }): Promise<TMessageResponse> {
  await verifyCaptcha(ctx.config, input);
  const startedAt = Date.now();
  const asker = { account: input.email, address: ctx.ip };
  await assertBackoffPassed(ctx, AccountBackoff.resetMail, asker);
  await countBackoffAttempt(ctx, AccountBackoff.resetMail, asker);
  const user = await findUserByEmail(input.email);
  if (user && user.status === 'active') await sendWithinFloor(startedAt, mailPasswordResetLink(ctx, user));
  await waitOutFloor(startedAt);
  return { message: AuthMessages.resetLinkSent };
}

/**
 * Issues a reset key (valid ResetRules.ttlMinutes) and mails the user the link to the reset page. The
 * forgot-password form and the platform super admin's "send a reset link" both use it.
 */
export async function mailPasswordResetLink(
  ctx: { config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom'>; logger: Logger },
  user: Pick<UserDoc, '_id' | 'email' | 'firstName'>,
) {
  const { key } = await issueAuthToken({ userId: user._id, purpose: 'reset', ttlMs: ResetRules.ttlMinutes * 60_000 });
  return sendMail(ctx, { to: user.email, ...resetPasswordMail({ name: user.firstName, link: resetLink(ctx.config, key) }) });
}

/** A reset mail is waited for only until the answer's floor: a slow SMTP server must not tell who has an account. */
export async function sendWithinFloor(startedAt: number, sending: Promise<unknown>) {
  await Promise.race([sending, sleep(Math.max(0, ResetAnswerFloorMs - (Date.now() - startedAt)))]);
}

/** Every reset answer, account or not, leaves after the same minimum time (ResetAnswerFloorMs). */
export async function waitOutFloor(startedAt: number) {
  await sleep(Math.max(0, ResetAnswerFloorMs - (Date.now() - startedAt)));
}

export async function isResetKeyValid(hashKey: string): Promise<{ valid: boolean }> {
  return { valid: !!(await findLiveAuthToken(resetPurposes, hashKey)) };
}

/** Sets the new password with a reset or invitation key (used up), and ends every session of the user. */
export async function resetPassword(ctx: AuthCtx, input: TResetPasswordRequest): Promise<TMessageResponse> {
  const token = await consumeAuthToken(resetPurposes, input.hashKey);
  const user = token ? await findUserById(token.userId) : null;
  if (!token || !user) throw new AppError('reset_link_invalid', { message: AuthMessages.resetLinkInvalid, status: 400 });
  const passwordHash = await hashPassword(ctx.config, input.password);
  // The link arrived by mail, so it also proves the address.
  await User.updateOne(
    { _id: user._id, customerId: user.customerId ?? null },
    { $set: { passwordHash, 'emailVerification.status': true, 'emailVerification.keyHash': null } },
  );
  await revokeUserSessions(user._id);
  await Otp.deleteMany({ userId: user._id });
  // The link proved the mailbox, and the password is new: earlier wrong guesses no longer hold the account back.
  await clearBackoff(ctx, AccountBackoff.loginFailures, { account: user.email });
  return { message: AuthMessages.passwordChanged };
}

/**
 * For people added by an admin: mails a link to choose a password (the reset page, valid a week).
 * The People module calls this after creating the user.
 */
export async function sendSetPasswordInvite(
  ctx: { config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom'>; logger: Logger },
  user: Pick<UserDoc, '_id' | 'email' | 'firstName' | 'customerId'>,
): Promise<{ delivered: boolean }> {
  const { key } = await issueAuthToken({ userId: user._id, purpose: 'invite', ttlMs: ResetRules.inviteTtlDays * 24 * 3600_000 });
  const company = user.customerId ? await Customer.findById(user.customerId, { name: 1 }).lean() : null;
  const mail = setPasswordInviteMail({ name: user.firstName, companyName: company?.name ?? 'Your company', link: resetLink(ctx.config, key) });
  return sendMail(ctx, { to: user.email, ...mail });
}
