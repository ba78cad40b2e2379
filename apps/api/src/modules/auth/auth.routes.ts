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
  type TIdentityProvider,
} from '@hireflow/contracts/auth';
import { ProductName } from '@hireflow/contracts/constants';
import { Paths } from '@hireflow/contracts/routes';
import type { Config } from '../../config';
import { authOf, effectiveRights, requireAdmin, requireAuth, tenantOf } from '../../lib/auth';
import { AppError } from '../../lib/app-error';
import { limitByIp } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { presentUser } from '../users/users.presenter';
import { authCtxOf } from './auth.context';
import { createCaptcha } from './captcha.service';
import { checkAccount, login, logout } from './sign-in.service';
import { loginWithOtp, sendOtp } from './otp.service';
import { initiatePasswordReset, isResetKeyValid, resetPassword } from './password-reset.service';
import { employeeSelfSignup, selfSignup, signUpWithVerifiedIdentity } from './signup.service';
import { continueAfterVerifyEmail, resendEmailVerification, verifyEmail } from './email-verification.service';
import { completeOnboarding, completeUserOptions, presentCompanyStatus } from './company-state.service';
import { identityProviderFor, providerLabel } from './third-party';
import { IpRules } from './rate-rules';

/** AuthApi paths are absolute; this router is mounted under /api. */
const path = (absolute: string) => absolute.replace(/^\/api/, '');
const signupCallback: Record<TIdentityProvider, string> = { google: Paths.googleSignup, microsoft: Paths.outlookSignupAuth };

export const authRouter = Router();

authRouter.get(path(AuthApi.captcha), limitByIp(IpRules.captcha), async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await createCaptcha(req.app.locals.config));
});

authRouter.post(path(AuthApi.auth), limitByIp(IpRules.accountCheck), validate({ body: ZAuthCheckRequest }), async (req, res) => {
  res.json(await checkAccount(req.body.email));
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

/** Starts sign-up with Google or Microsoft: where to send the browser (501 until the provider is configured). */
authRouter.post(path(AuthApi.thirdPartySignup), limitByIp(IpRules.signup), validate({ body: ZThirdPartySignupRequest }), async (req, res) => {
  const { name, provider } = identityProviderFor(req.body.provider);
  res.json({ url: provider.authorizationUrl({ redirectUri: `${req.app.locals.config.publicUrl}${signupCallback[name]}` }) });
});

/** The provider's callback page posts the code here; the verified identity becomes an account and a session. */
authRouter.post(path(AuthApi.thirdPartySignupVerify), limitByIp(IpRules.signup), validate({ query: ZThirdPartyVerifyQuery }), async (req, res) => {
  const query = req.query as unknown as { code: string; provider?: TIdentityProvider };
  const { name, provider } = identityProviderFor(query.provider);
  const identity = await provider
    .exchangeCode(query.code, { redirectUri: `${req.app.locals.config.publicUrl}${signupCallback[name]}` })
    .catch((error: unknown) => {
      req.log.warn({ err: error, provider: name }, 'third-party sign-up code exchange failed');
      throw AppError.badRequest(`${providerLabel(name)} did not confirm your account. Please try again.`);
    });
  res.status(201).json(await signUpWithVerifiedIdentity(authCtxOf(req), { ...identity, provider: name }));
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
