import { Router } from 'express';
import {
  AuthApi,
  AuthMessages,
  ZAuthCheckRequest,
  ZContinueAfterVerifyParams,
  ZCustomerStateUpdateRequest,
  ZEmployeeSignupRequest,
  ZHashKeyRequest,
  ZLoginRequest,
  ZOnboardingRequest,
  ZOtpLoginRequest,
  ZResendVerificationRequest,
  ZResetInitiateRequest,
  ZResetPasswordRequest,
  ZSelfSignupRequest,
  ZSendOtpRequest,
  ZThirdPartySignupRequest,
  ZThirdPartyVerifyQuery,
  ZVerifyEmailRequest,
  type TAccessMatrixResponse,
  type TEnvVariablesResponse,
} from '@hireflow/contracts/auth';
import { IntegrationsApi, ZCallbackQuery, ZGoogleLoginRequest } from '@hireflow/contracts/integrations';
import { ProductName } from '@hireflow/contracts/constants';
import type { Config } from '../../config';
import { authOf, effectiveRights, requireAdmin, requireAuth, tenantOf } from '../../lib/auth';
import { limitByIp } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { presentUser } from '../users/users.presenter';
import { authCtxOf } from './auth.context';
import { createCaptcha } from './captcha.service';
import { checkAccount, login, logout } from './sign-in.service';
import { loginWithOtp, sendOtp } from './otp.service';
import { initiatePasswordReset, isResetKeyValid, resetPassword } from './password-reset.service';
import { employeeSelfSignup, selfSignup } from './signup.service';
import { continueAfterVerifyEmail, resendEmailVerification, verifyEmail } from './email-verification.service';
import { completeOnboarding, completeUserOptions, presentCompanyStatus } from './company-state.service';
import { completeProviderSignIn, completeProviderSignUp, startProviderSignIn, startProviderSignUp } from './third-party.service';
import { IpRules } from './rate-rules';

/** AuthApi paths are absolute; this router is mounted under /api. */
const path = (absolute: string) => absolute.replace(/^\/api/, '');
type TCallbackQuery = { code: string; state: string };

export const authRouter = Router();

authRouter.get(path(AuthApi.captcha), limitByIp(IpRules.captcha), async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await createCaptcha(req.app.locals.config));
});

authRouter.post(path(AuthApi.auth), limitByIp(IpRules.accountCheck), validate({ body: ZAuthCheckRequest }), async (req, res) => {
  res.json(await checkAccount(req.app.locals.config, req.body.email));
});

authRouter.post(path(AuthApi.login), limitByIp(IpRules.login), validate({ body: ZLoginRequest }), async (req, res) => {
  res.json(await login(authCtxOf(req), req.body));
});

authRouter.post(path(AuthApi.sendOtp), limitByIp(IpRules.otpSend), validate({ body: ZSendOtpRequest }), async (req, res) => {
  res.json(await sendOtp(authCtxOf(req), req.body));
});

authRouter.post(path(AuthApi.otpLogin), limitByIp(IpRules.otpLogin), validate({ body: ZOtpLoginRequest }), async (req, res) => {
  res.json(await loginWithOtp(authCtxOf(req), req.body));
});

authRouter.post(path(AuthApi.resetInitiate), limitByIp(IpRules.reset), validate({ body: ZResetInitiateRequest }), async (req, res) => {
  res.json(await initiatePasswordReset(authCtxOf(req), req.body));
});

authRouter.post(path(AuthApi.hashKeyValid), limitByIp(IpRules.resetKey), validate({ body: ZHashKeyRequest }), async (req, res) => {
  res.json(await isResetKeyValid(req.body.hashKey));
});

authRouter.post(path(AuthApi.resetPassword), limitByIp(IpRules.resetKey), validate({ body: ZResetPasswordRequest }), async (req, res) => {
  res.json(await resetPassword(authCtxOf(req), req.body));
});

authRouter.post(path(AuthApi.selfSignup), limitByIp(IpRules.signup), validate({ body: ZSelfSignupRequest }), async (req, res) => {
  res.status(201).json(await selfSignup(authCtxOf(req), req.body));
});

authRouter.post(path(AuthApi.employeeSelfSignUp), limitByIp(IpRules.signup), validate({ body: ZEmployeeSignupRequest }), async (req, res) => {
  res.status(201).json(await employeeSelfSignup(authCtxOf(req), req.body));
});

/** Sign-up with Google or Microsoft: where to send the browser (501 until the provider is configured). */
authRouter.post(path(AuthApi.thirdPartySignup), limitByIp(IpRules.signup), validate({ body: ZThirdPartySignupRequest }), async (req, res) => {
  res.json(await startProviderSignUp(req, res, req.body));
});

/** The sign-up callback page hands over the provider's answer: a new account and its session. */
authRouter.post(path(AuthApi.thirdPartySignupVerify), limitByIp(IpRules.signup), validate({ query: ZThirdPartyVerifyQuery }), async (req, res) => {
  res.status(201).json(await completeProviderSignUp(req, req.query as unknown as TCallbackQuery));
});

/** Sign-in with Google or Microsoft: where to send the browser (501 until the provider is configured). */
authRouter.post(path(IntegrationsApi.googleLogin), limitByIp(IpRules.providerSignInStart), validate({ body: ZGoogleLoginRequest }), async (req, res) => {
  res.json(await startProviderSignIn(req, res, req.body));
});

/** The sign-in callback page hands over the provider's answer: the session of the verified email's account. */
authRouter.post(path(IntegrationsApi.authComplete), limitByIp(IpRules.providerSignInFinish), validate({ query: ZCallbackQuery }), async (req, res) => {
  res.json(await completeProviderSignIn(req, req.query as unknown as TCallbackQuery));
});

authRouter.post(path(AuthApi.verifyEmail), limitByIp(IpRules.verification), validate({ body: ZVerifyEmailRequest }), async (req, res) => {
  res.json(await verifyEmail(authCtxOf(req), req.body.verify_key));
});

authRouter.post(path(AuthApi.resendVerification), limitByIp(IpRules.verification), validate({ body: ZResendVerificationRequest }), async (req, res) => {
  res.json(await resendEmailVerification(authCtxOf(req), req.body.email));
});

authRouter.get(path(AuthApi.continueAfterVerifyEmail), limitByIp(IpRules.verification), validate({ params: ZContinueAfterVerifyParams }), async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await continueAfterVerifyEmail(authCtxOf(req), req.params as { email: string; tokenId: string }));
});

authRouter.post(path(AuthApi.logout), requireAuth, async (req, res) => {
  await logout(authOf(req).sessionId);
  res.json({ message: AuthMessages.signedOut });
});

authRouter.post(path(AuthApi.loggedInUserDetails), requireAuth, async (req, res) => {
  res.json(await presentUser(authOf(req).user));
});

authRouter.get(path(AuthApi.accessMatrix), requireAuth, async (req, res) => {
  const { user } = authOf(req);
  const body: TAccessMatrixResponse = { user: await presentUser(user), rights: effectiveRights(user) };
  res.json(body);
});

authRouter.get(path(AuthApi.presentStatus), requireAuth, async (req, res) => {
  res.json(await presentCompanyStatus(tenantOf(req)));
});

authRouter.post(path(AuthApi.customerStateUpdate), requireAuth, requireAdmin, validate({ body: ZCustomerStateUpdateRequest }), async (req, res) => {
  res.json(await completeUserOptions({ customerId: tenantOf(req), id: req.body.id }));
});

authRouter.post(path(AuthApi.onboarding), requireAuth, requireAdmin, validate({ body: ZOnboardingRequest }), async (req, res) => {
  res.json(await completeOnboarding({ customerId: tenantOf(req), input: req.body }));
});

/** Public values the SPA needs before sign-in. Never a secret: each value is picked by name. */
authRouter.get(path(AuthApi.envVariables), (req, res) => {
  const { helpSiteUrl, google, microsoft } = req.app.locals.config as Config;
  const body: TEnvVariablesResponse = { productName: ProductName, helpSiteUrl, googleClientId: google?.clientId ?? null, microsoftClientId: microsoft?.clientId ?? null };
  res.json(body);
});
