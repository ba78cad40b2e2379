import type { Request, Response } from 'express';
import type { TIdentityProvider, TSessionResponse } from '@hireflow/contracts/auth';
import { finishOAuthFlow, startOAuthFlow } from '../integrations/oauth/oauth-flows';
import { User } from '../users/user.model';
import { authCtxOf } from './auth.context';
import { assertMaySignIn, findUserByEmail, noAccount, startSession } from './sign-in.service';
import { signUpWithVerifiedIdentity } from './signup.service';

/** What Google or Microsoft vouched for in a verified ID token. */
export type VerifiedIdentity = { provider: TIdentityProvider; email: string; firstName: string; lastName: string };

type Callback = { code: string; state: string };

/**
 * Sign-in with Google or Microsoft, first half: where to send the browser (the typed address as the
 * account to offer). 501 when the provider is not configured.
 */
export function startProviderSignIn(req: Request, res: Response, input: { provider: TIdentityProvider; email?: string }) {
  return startOAuthFlow(req, res, { purpose: 'sign-in', provider: input.provider, loginHint: input.email });
}

/**
 * Sign-in, second half: the round trip this browser started (state, PKCE, ID token verified), then the
 * account of the verified email under the rules of password sign-in (status, company state; the SPA applies
 * the destinations). The provider proved the person, so wrong-password waits do not hold it back. An
 * unknown email answers as password sign-in does.
 */
export async function completeProviderSignIn(req: Request, callback: Callback): Promise<TSessionResponse> {
  const { flow, result } = await finishOAuthFlow(req, { ...callback, purposes: ['sign-in'] });
  const user = await findUserByEmail(result.identity.email);
  if (!user) throw noAccount();
  const customer = await assertMaySignIn(user);
  const provider = flow.provider as TIdentityProvider;
  // The provider verified the address, as a one-time code does: an unverified account becomes verified.
  await User.updateOne(
    { _id: user._id, customerId: user.customerId ?? null },
    { $addToSet: { authProviders: provider }, $set: { 'emailVerification.status': true, 'emailVerification.keyHash': null } },
  );
  return startSession(authCtxOf(req), { ...user, emailVerification: { status: true, keyHash: null } }, { customer });
}

/** Sign-up with Google or Microsoft, first half: where to send the browser. 501 when not configured. */
export function startProviderSignUp(req: Request, res: Response, input: { provider: TIdentityProvider }) {
  return startOAuthFlow(req, res, { purpose: 'sign-up', provider: input.provider });
}

/**
 * Sign-up, second half: the verified identity becomes an account as /signup makes one (a new company
 * without a web address yet, or an employee of the company that lists the email's domain) and a session.
 * 409 when the address already has an account.
 */
export async function completeProviderSignUp(req: Request, callback: Callback): Promise<TSessionResponse> {
  const { flow, result } = await finishOAuthFlow(req, { ...callback, purposes: ['sign-up'] });
  const { email, firstName, lastName } = result.identity;
  return signUpWithVerifiedIdentity(authCtxOf(req), { provider: flow.provider as TIdentityProvider, email, firstName, lastName });
}

