import type { Logger } from 'pino';
import { AuthMessages, type TMessageResponse, type TSessionResponse, type TVerifyEmailResponse } from '@hireflow/contracts/auth';
import { Paths } from '@hireflow/contracts/routes';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { assertBackoffPassed, countBackoffAttempt } from '../../lib/rate-limit';
import { sendMail } from '../../lib/mailer';
import { User, type UserDoc } from '../users/user.model';
import { verificationMail, welcomeMail } from '../mail/mail.templates';
import type { AuthCtx } from './auth.context';
import { consumeAuthToken, issueAuthToken } from './auth-token.service';
import { findUserById, requireAccount, startSession } from './sign-in.service';
import { AccountBackoff } from './rate-rules';

export const VerificationRules = { ttlDays: 7, continueTtlMinutes: 15 } as const;

type MailCtx = { config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom'>; logger: Logger };

/**
 * Mails a link to /verify?key=… that proves the address (earlier links stop working). With
 * `welcomeTo`, the mail is the welcome mail of a new company. The People module calls this for users
 * it creates with a password.
 */
export async function issueEmailVerification(
  ctx: MailCtx,
  user: Pick<UserDoc, '_id' | 'email' | 'firstName' | 'customerId'>,
  opts: { welcomeTo?: string } = {},
): Promise<{ delivered: boolean }> {
  const { key, keyHash } = await issueAuthToken({ userId: user._id, purpose: 'verify', ttlMs: VerificationRules.ttlDays * 24 * 3600_000 });
  await User.updateOne({ _id: user._id, customerId: user.customerId ?? null }, { $set: { 'emailVerification.keyHash': keyHash } });
  const link = `${ctx.config.publicUrl}${Paths.verify}?key=${encodeURIComponent(key)}`;
  const mail = opts.welcomeTo
    ? welcomeMail({ name: user.firstName, companyName: opts.welcomeTo, link })
    : verificationMail({ name: user.firstName, link });
  return sendMail(ctx, { to: user.email, ...mail });
}

/** Marks the address verified and hands back a short-lived single-use id to continue signed in. */
export async function verifyEmail(_ctx: AuthCtx, verifyKey: string): Promise<TVerifyEmailResponse> {
  const token = await consumeAuthToken(['verify'], verifyKey);
  const user = token ? await findUserById(token.userId) : null;
  if (!token || !user) throw new AppError('verify_link_invalid', { message: AuthMessages.verifyLinkInvalid, status: 400 });
  await User.updateOne({ _id: user._id, customerId: user.customerId ?? null }, { $set: { 'emailVerification.status': true, 'emailVerification.keyHash': null } });
  const { key } = await issueAuthToken({ userId: user._id, purpose: 'continue', ttlMs: VerificationRules.continueTtlMinutes * 60_000 });
  return { message: AuthMessages.emailVerified, email: user.email, tokenId: key };
}

export async function resendEmailVerification(ctx: AuthCtx, email: string): Promise<TMessageResponse> {
  const asker = { account: email, address: ctx.ip };
  await assertBackoffPassed(ctx, AccountBackoff.verificationMail, asker);
  await countBackoffAttempt(ctx, AccountBackoff.verificationMail, asker);
  const user = await requireAccount(email);
  if (user.emailVerification?.status) throw new AppError('already_verified', { message: AuthMessages.alreadyVerified, status: 400 });
  await issueEmailVerification(ctx, user);
  return { message: AuthMessages.verificationSent };
}

/** Turns the id from verify_user_email into a session, once, for the same email. */
export async function continueAfterVerifyEmail(ctx: AuthCtx, { email, tokenId }: { email: string; tokenId: string }): Promise<TSessionResponse> {
  const token = await consumeAuthToken(['continue'], tokenId);
  const user = token ? await findUserById(token.userId) : null;
  if (!token || !user || user.email !== email) throw new AppError('continue_link_invalid', { message: AuthMessages.continueLinkInvalid, status: 400 });
  return startSession(ctx, user);
}
