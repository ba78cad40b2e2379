import { z } from 'zod';
import { AccessRightKeys } from './roles';
import { ZEmail, ZMobile, ZName, ZNewPassword, ZObjectId, ZSlug } from './common';
import { ZStoredUser } from './users';
import { LoginMessages } from './messages';

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

export const ZLoginRequest = z.object({
  email: ZLoginEmail,
  password: z.string({ error: LoginMessages.invalidCredentials }).min(1, { error: LoginMessages.invalidCredentials }).max(200),
  ...ZCaptchaAnswer,
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZSessionResponse = z.object({ token: z.string(), user: ZStoredUser });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const OtpRules = { length: 6, ttlMinutes: 10, maxWrongTries: 5, resendAfterSeconds: 30 } as const;

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
  .refine((v) => v.password === v.confirmpassword, { path: ['confirmpassword'], message: 'Passwords do not match' });
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
export const ZResendVerificationRequest = z.object({ email: ZLoginEmail });

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
  careerIntro: z.string().trim().max(2000).optional(),
});
export type TOnboardingRequest = z.infer<typeof ZOnboardingRequest>;

export const ZEnvVariablesResponse = z.object({
  productName: z.string(),
  helpSiteUrl: z.string(),
  googleClientId: z.string().nullable(),
  microsoftClientId: z.string().nullable(),
});
export type TEnvVariablesResponse = z.infer<typeof ZEnvVariablesResponse>;

export const ZOutboxMail = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), sentAt: z.string() });
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
