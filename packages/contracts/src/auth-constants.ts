// Sign-in constants without zod: the SPA's entry and /login import these; the schemas stay in auth.ts.
import { ProductName } from './constants';

/** The API paths of SPEC section 7 that belong to sign-in and the account life cycle. */
export const AuthApi = {
  captcha: '/api/captcha_api',
  auth: '/api/user/auth',
  login: '/api/user/login',
  accessMatrix: '/api/user-accessmatrix',
  employeeSelfSignUp: '/api/employeeSelfSignUp',
  otpLogin: '/api/login/otp',
  sendOtp: '/api/login/sendOTP',
  resetInitiate: '/api/reset_password_initiate',
  resetPassword: '/api/reset_password',
  hashKeyValid: '/api/is_hashkey/valid',
  continueAfterVerifyEmail: '/api/continueAfterVerifyEmail/:email/:tokenId',
  resendVerification: '/api/resend_email_verifcation',
  verifyEmail: '/api/verify_user_email',
  selfSignup: '/api/selfsignup',
  adminSignup: '/api/user/signup',
  thirdPartySignup: '/api/user/thirdparty/signup',
  thirdPartySignupVerify: '/api/thirdparty/signup/verify',
  logout: '/api/user/logout',
  loggedInUserDetails: '/api/loggedinuserdetails',
  presentStatus: '/api/customer/presentstatus',
  customerStateUpdate: '/api/customerStateUpdate',
  onboarding: '/api/customer/careersetting/onboarding',
  envVariables: '/api/env_variables',
  devOutbox: '/api/dev/outbox',
} as const;

/** Texts of the sign-in and account calls beyond SPEC section 8 (those live in messages.ts). */
export const AuthMessages = {
  accountInactive: 'Your account has been deactivated. Please contact your company admin.',
  companySuspended: 'Your company account is suspended. Please contact support.',
  tooManyAttempts: (minutes: number) => `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  waitBeforeRetry: (seconds: number) => `Too many attempts from this device. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  signedOut: 'You have been signed out.',
  otpSent: 'We have sent a 6-digit code to your email. It is valid for 10 minutes.',
  otpResendWait: 'Please wait 30 seconds before asking for another code.',
  resetLinkSent: 'If an account exists for this email, we have sent a link to reset the password. The link is valid for 1 hour.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
  passwordsDoNotMatch: 'Passwords do not match',
  verificationSent: 'We have sent a verification link to your email. Please open it to continue.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Please ask for a new one.',
  emailVerified: 'Thank you! Your email is verified.',
  alreadyVerified: 'This email is already verified. Please sign in.',
  continueLinkInvalid: 'This link has expired. Please sign in with your email and password.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  slugTaken: (slug: string) => `The career site address "${slug}" is already taken. Please choose another.`,
  unknownDomain: `No company on ${ProductName} uses this email domain. Ask your company admin to add the domain or to invite you.`,
  ambiguousDomain: 'Several companies use this email domain. Ask your company admin to invite you.',
  companyNotFound: 'Company not found',
  signupComplete: (email: string) => `Your account is ready. We have sent a verification link to ${email}.`,
} as const;

/** The `details` of a 429 that names its wait: seconds until the next attempt may be made. */
export type TRetryAfterDetails = { retryAfter: number };

export const OtpRules = { length: 6, ttlMinutes: 10, maxWrongTries: 5, resendAfterSeconds: 30 } as const;
/** Reset links last an hour; the set-password link of an invitation a week. */
export const ResetRules = { ttlMinutes: 60, inviteTtlDays: 7 } as const;
export const CaptchaRules = { ttlMinutes: 5 } as const;
