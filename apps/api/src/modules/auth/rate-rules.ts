import type { RateRule } from '../../lib/rate-limit';

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
} satisfies Record<string, RateRule>;

/** Per account (email): failures or mails, so a busy user is not locked out by their own successes. */
export const AccountRules = {
  loginFailures: { name: 'account-login-failures', max: 10, windowSeconds: minutes(15) },
  otpSend: { name: 'account-otp-send', max: 5, windowSeconds: minutes(15) },
  resetMail: { name: 'account-reset-mail', max: 5, windowSeconds: minutes(60) },
  verificationMail: { name: 'account-verification-mail', max: 5, windowSeconds: minutes(60) },
} satisfies Record<string, RateRule>;
