import { z } from 'zod';
import { AccessRightKeys } from './roles';
import { ZEmail, ZMobile, ZName, ZNewPassword, ZObjectId, ZSlug, zMultilineText } from './common';
import { ZStoredUser } from './users';
import { LoginMessages } from './messages';
import { AuthMessages } from './auth-constants';

export { AuthApi, AuthMessages, OtpRules, ResetRules, CaptchaRules } from './auth-constants';

/** An email field whose absence answers the spec's own message. */
const ZLoginEmail = z.string({ error: LoginMessages.emailMissing }).trim().min(1, { error: LoginMessages.emailMissing }).pipe(ZEmail);
const ZCaptchaAnswer = {
  captchaId: z.string({ error: LoginMessages.captchaUnresolved }).min(1, { error: LoginMessages.captchaUnresolved }).max(100),
  captchaText: z.string({ error: LoginMessages.captchaUnresolved }).trim().min(1, { error: LoginMessages.captchaUnresolved }).max(20),
};

export const ZCaptchaResponse = z.object({ capId: z.string(), svg: z.string() });
export type TCaptchaResponse = z.infer<typeof ZCaptchaResponse>;

export const ZAuthCheckRequest = z.object({ email: ZLoginEmail });
export const ZAuthCheckResponse = z.object({
  email: z.string(),
  modes: z.object({ password: z.boolean(), otp: z.boolean(), google: z.boolean(), microsoft: z.boolean() }),
});
export type TAuthCheckResponse = z.infer<typeof ZAuthCheckResponse>;

/** Keys in the order the sign-in checks run (captcha, account, password): the first problem is the one reported. */
export const ZLoginRequest = z.object({
  ...ZCaptchaAnswer,
  email: ZLoginEmail,
  password: z.string({ error: LoginMessages.invalidCredentials }).min(1, { error: LoginMessages.invalidCredentials }).max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZSessionResponse = z.object({ token: z.string(), user: ZStoredUser });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/** Answer of calls that only report what happened. */
export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZSendOtpRequest = z.object({ email: ZLoginEmail });
/** `password`, when given, becomes the account's new password once the OTP proves the mailbox is theirs. */
export const ZOtpLoginRequest = z.object({
  email: ZLoginEmail,
  otp: z.string({ error: LoginMessages.invalidOtp }).trim().regex(/^\d{6}$/, { error: LoginMessages.invalidOtp }),
  password: ZNewPassword.optional().or(z.literal('').transform(() => undefined)),
});
export type TOtpLoginRequest = z.infer<typeof ZOtpLoginRequest>;

export const ZResetInitiateRequest = z.object({ email: ZLoginEmail, ...ZCaptchaAnswer });
export const ZHashKeyRequest = z.object({ hashKey: z.string().trim().min(16, { error: 'Reset link is invalid' }).max(200) });
export const ZHashKeyValidResponse = z.object({ valid: z.boolean() });
export const ZResetPasswordRequest = z
  .object({ hashKey: ZHashKeyRequest.shape.hashKey, password: ZNewPassword, confirmpassword: z.string() })
  .refine((v) => v.password === v.confirmpassword, { path: ['confirmpassword'], message: AuthMessages.passwordsDoNotMatch });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZSelfSignupRequest = z.object({
  companyName: ZName,
  slug: ZSlug,
  firstName: ZName,
  lastName: ZName,
  email: ZEmail,
  mobile: ZMobile,
  password: ZNewPassword,
});
export type TSelfSignupRequest = z.infer<typeof ZSelfSignupRequest>;

export const ZEmployeeSignupRequest = z.object({
  firstName: ZName,
  lastName: ZName,
  email: ZEmail,
  mobile: ZMobile.optional().or(z.literal('')),
  password: ZNewPassword,
});
export type TEmployeeSignupRequest = z.infer<typeof ZEmployeeSignupRequest>;

export const ZSignupResponse = z.object({ message: z.string(), email: z.string() });

export const ZVerifyEmailRequest = z.object({ verify_key: z.string().trim().min(16, { error: 'Verification link is invalid' }).max(200) });
/** `tokenId` is single-use and short-lived: GET continueAfterVerifyEmail/{email}/{tokenId} turns it into a session. */
export const ZVerifyEmailResponse = z.object({ message: z.string(), email: z.string(), tokenId: z.string() });
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;
export const ZContinueAfterVerifyParams = z.object({ email: ZEmail, tokenId: z.string().trim().min(16, { error: 'Link is invalid' }).max(200) });
export const ZResendVerificationRequest = z.object({ email: ZLoginEmail });

export const IdentityProviders = ['google', 'microsoft'] as const;
export type TIdentityProvider = (typeof IdentityProviders)[number];
export const ZThirdPartySignupRequest = z.object({ provider: z.enum(IdentityProviders, { error: 'must be google or microsoft' }) });
/** Where the browser goes to sign up with the provider. */
export const ZThirdPartySignupResponse = z.object({ url: z.string() });
/** The provider's answer as the sign-up callback page received it (the state names the provider). */
export const ZThirdPartyVerifyQuery = z.object({
  code: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(4000),
  state: z.string({ error: 'is required' }).trim().min(16, { error: 'is invalid' }).max(200),
});

export const ZLoggedInUserDetailsResponse = ZStoredUser;

export const ZAccessMatrixResponse = z.object({ user: ZStoredUser, rights: z.array(z.enum(AccessRightKeys)) });
export type TAccessMatrixResponse = z.infer<typeof ZAccessMatrixResponse>;

export const ZPresentStatusResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  isAuthorized: z.boolean(),
  userOptionsPage: z.boolean(),
});
export type TPresentStatusResponse = z.infer<typeof ZPresentStatusResponse>;

export const ZCustomerStateUpdateRequest = z.object({ id: ZObjectId });

export const ZOnboardingRequest = z.object({
  companyName: ZName,
  slug: ZSlug,
  website: z.url({ error: 'must be a web address such as https://acme.example' }).optional().or(z.literal('')),
  careerIntro: zMultilineText().trim().max(2000).optional(),
});
export type TOnboardingRequest = z.infer<typeof ZOnboardingRequest>;

export const ZEnvVariablesResponse = z.object({
  productName: z.string(),
  helpSiteUrl: z.string(),
  googleClientId: z.string().nullable(),
  microsoftClientId: z.string().nullable(),
});
export type TEnvVariablesResponse = z.infer<typeof ZEnvVariablesResponse>;

export const ZOutboxMail = z.object({
  to: z.string(), subject: z.string(), text: z.string(), html: z.string(), sentAt: z.string(),
  /** The iCalendar part of an interview invitation, update or cancellation (absent on other mails). */
  calendar: z.object({ method: z.enum(['REQUEST', 'CANCEL']), content: z.string() }).optional(),
  /** Attached files by name and type (a signed offer letter); absent when there are none. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), bytes: z.number() })).optional(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
export const ZOutboxQuery = z.object({ to: ZEmail.optional() });
/** Newest first, at most `OutboxLimits.pageSize` mails. */
export const ZOutboxResponse = z.array(ZOutboxMail);
export const OutboxLimits = { pageSize: 50 } as const;
