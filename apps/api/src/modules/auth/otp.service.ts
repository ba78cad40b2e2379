import { AuthMessages, OtpRules, type TMessageResponse, type TOtpLoginRequest, type TSessionResponse } from '@hireflow/contracts/auth';
import { LoginMessages } from '@hireflow/contracts/messages';
import { AppError } from '../../lib/app-error';
import { assertBackoffPassed, clearBackoff, countBackoffAttempt } from '../../lib/rate-limit';
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
  const previous = await Otp.findOne({ userId: user._id }).lean();
  if (previous && previous.expiresAt.getTime() - ttlMs + OtpRules.resendAfterSeconds * 1000 > Date.now()) {
    throw AppError.tooManyRequests(AuthMessages.otpResendWait);
  }
  await countBackoffAttempt(ctx, AccountBackoff.otpSend, asker);
  const code = randomDigits(OtpRules.length);
  await Otp.findOneAndUpdate(
    { userId: user._id },
    { $set: { codeHash: codeHash(ctx, user._id, code), tries: 0, expiresAt: new Date(Date.now() + ttlMs) } },
    { upsert: true },
  );
  await sendMail(ctx, { to: user.email, ...otpMail({ name: user.firstName, code }) });
  return { message: AuthMessages.otpSent };
}

/**
 * Signs in with the mailed code. Each attempt reserves one of the code's tries before it is compared,
 * so parallel guesses cannot exceed the limit. The code proves the mailbox: the email counts as
 * verified, and a `password` sent along becomes the account's password (other sessions end).
 */
export async function loginWithOtp(ctx: AuthCtx, input: TOtpLoginRequest): Promise<TSessionResponse> {
  const user = await requireAccount(input.email);
  const attempt = await Otp.findOneAndUpdate(
    { userId: user._id, tries: { $lt: OtpRules.maxWrongTries }, expiresAt: { $gt: new Date() } },
    { $inc: { tries: 1 } },
    { returnDocument: 'after' },
  ).lean();
  if (!attempt || !sameHash(attempt.codeHash, codeHash(ctx, user._id, input.otp))) throw invalidOtp();
  const used = await Otp.findOneAndDelete({ _id: attempt._id }).lean();
  if (!used) throw invalidOtp();
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
