import type { BackoffRule, RateRule } from '../../lib/rate-limit';

const minutes = (n: number) => n * 60;

/**
 * Per client IP address: every request counts. Sized for an office of a few hundred people behind one
 * address on a busy morning; guessing one account's password is stopped by the captcha and the
 * per-account rules below, so these only have to stop mass use from one address.
 */
export const IpRules = {
  captcha: { name: 'ip-captcha', max: 120, windowSeconds: minutes(5) },
  accountCheck: { name: 'ip-account-check', max: 300, windowSeconds: minutes(15) },
  login: { name: 'ip-login', max: 200, windowSeconds: minutes(15) },
  otpSend: { name: 'ip-otp-send', max: 50, windowSeconds: minutes(15) },
  otpLogin: { name: 'ip-otp-login', max: 200, windowSeconds: minutes(15) },
  reset: { name: 'ip-reset', max: 30, windowSeconds: minutes(15) },
  resetKey: { name: 'ip-reset-key', max: 100, windowSeconds: minutes(15) },
  verification: { name: 'ip-verification', max: 60, windowSeconds: minutes(15) },
  signup: { name: 'ip-signup', max: 50, windowSeconds: minutes(60) },
  /** Google/Microsoft sign-in: starting a round trip and finishing it count separately, each like a password sign-in. */
  providerSignInStart: { name: 'ip-provider-sign-in-start', max: 200, windowSeconds: minutes(15) },
  providerSignInFinish: { name: 'ip-provider-sign-in-finish', max: 200, windowSeconds: minutes(15) },
} satisfies Record<string, RateRule>;

/**
 * Per account AND client address, with growing delays (lib/rate-limit backoff): someone failing or asking
 * for mails on purpose slows down only their own address, never the account's owner elsewhere.
 * - loginFailures: 5 free wrong passwords, then the next attempt waits 1 s, 2 s, 4 s ... up to 15 minutes.
 *   A one-time-code sign-in or a password reset (both prove the mailbox) lifts it for every address.
 * - otpSend / resetMail / verificationMail: 3 free mails, then 1, 2, 4 ... minutes between mails, up to an hour.
 */
export const AccountBackoff = {
  loginFailures: { name: 'backoff-login-failures', free: 5, baseSeconds: 1, maxSeconds: minutes(15), forgetAfterSeconds: minutes(60) },
  otpSend: { name: 'backoff-otp-send', free: 3, baseSeconds: 60, maxSeconds: minutes(60), forgetAfterSeconds: minutes(120) },
  resetMail: { name: 'backoff-reset-mail', free: 3, baseSeconds: 60, maxSeconds: minutes(60), forgetAfterSeconds: minutes(120) },
  verificationMail: { name: 'backoff-verification-mail', free: 3, baseSeconds: 60, maxSeconds: minutes(60), forgetAfterSeconds: minutes(120) },
} satisfies Record<string, BackoffRule>;
