import { AuthMessages, OtpRules, type TMessageResponse, type TOtpLoginRequest, type TSessionResponse } from '@hireflow/contracts/auth';
import { LoginMessages } from '@hireflow/contracts/messages';
import type { Types } from 'mongoose';
import { AppError } from '../../lib/app-error';
import { assertBackoffPassed, clearBackoff, countBackoffAttempt, type BackoffSubject } from '../../lib/rate-limit';
import { sendMail } from '../../lib/mailer';
import { User } from '../users/user.model';
import { otpMail } from '../mail/mail.templates';
import { Otp } from './otp.model';
import { revokeUserSessions } from './session.model';
import type { AuthCtx } from './auth.context';
import { hashPassword, keyedHash, randomDigits, sameHash } from './auth.crypto';
import { assertMaySignIn, requireAccount, startSession } from './sign-in.service';
import { AccountBackoff } from './rate-rules';

const ttlMs = OtpRules.ttlMinutes * 60_000;
const codeHash = (ctx: AuthCtx, userId: unknown, code: string) => keyedHash(ctx.config, `otp:${String(userId)}:${code}`);
const invalidOtp = () => new AppError('invalid_otp', { message: LoginMessages.invalidOtp, status: 401 });

/** Mails a fresh 6-digit code; it replaces any earlier one, whose tries are forgotten with it. */
export async function sendOtp(ctx: AuthCtx, { email }: { email: string }): Promise<TMessageResponse> {
  const asker = { account: email, address: ctx.ip };
  await assertBackoffPassed(ctx, AccountBackoff.otpSend, asker);
  const user = await requireAccount(email);
  await assertMaySignIn(user);
  return mailOtpCode(ctx, asker, { userId: user._id, email: user.email, name: user.firstName });
}

/**
 * The code rules for any kind of account (company users, agency users): the resend pause, the mail
 * backoff of `asker` (checked by the caller before its lookup), a fresh code stored only as a keyed hash.
 */
export async function mailOtpCode(ctx: AuthCtx, asker: BackoffSubject, account: { userId: Types.ObjectId; email: string; name: string }): Promise<TMessageResponse> {
  const previous = await Otp.findOne({ userId: account.userId }).lean();
  if (previous && previous.expiresAt.getTime() - ttlMs + OtpRules.resendAfterSeconds * 1000 > Date.now()) {
    throw AppError.tooManyRequests(AuthMessages.otpResendWait);
  }
  await countBackoffAttempt(ctx, AccountBackoff.otpSend, asker);
  const code = randomDigits(OtpRules.length);
  await Otp.findOneAndUpdate(
    { userId: account.userId },
    { $set: { codeHash: codeHash(ctx, account.userId, code), tries: 0, expiresAt: new Date(Date.now() + ttlMs) } },
    { upsert: true },
  );
  await sendMail(ctx, { to: account.email, ...otpMail({ name: account.name, code }) });
  return { message: AuthMessages.otpSent };
}

/**
 * Uses the account's live code: each attempt reserves one of its tries before it is compared, so
 * parallel guesses cannot exceed the limit; a wrong, used-up or expired code is a 401.
 */
export async function useOtpCode(ctx: AuthCtx, userId: Types.ObjectId, otp: string): Promise<void> {
  const attempt = await Otp.findOneAndUpdate(
    { userId, tries: { $lt: OtpRules.maxWrongTries }, expiresAt: { $gt: new Date() } },
    { $inc: { tries: 1 } },
    { returnDocument: 'after' },
  ).lean();
  if (!attempt || !sameHash(attempt.codeHash, codeHash(ctx, userId, otp))) throw invalidOtp();
  const used = await Otp.findOneAndDelete({ _id: attempt._id }).lean();
  if (!used) throw invalidOtp();
}

/**
 * Signs in with the mailed code (useOtpCode). The code proves the mailbox: the email counts as
 * verified, and a `password` sent along becomes the account's password (other sessions end).
 */
export async function loginWithOtp(ctx: AuthCtx, input: TOtpLoginRequest): Promise<TSessionResponse> {
  const user = await requireAccount(input.email);
  await useOtpCode(ctx, user._id, input.otp);
  const customer = await assertMaySignIn(user);

  const set: Record<string, unknown> = { 'emailVerification.status': true, 'emailVerification.keyHash': null };
  if (input.password) {
    set.passwordHash = await hashPassword(ctx.config, input.password);
    await revokeUserSessions(user._id);
  }
  await User.updateOne({ _id: user._id, customerId: user.customerId ?? null }, { $set: set });
  // The code proved the mailbox: whatever wrong passwords were tried against the account no longer hold it back.
  await clearBackoff(ctx, AccountBackoff.loginFailures, { account: user.email });
  return startSession(ctx, { ...user, emailVerification: { status: true, keyHash: null } }, { customer });
}
