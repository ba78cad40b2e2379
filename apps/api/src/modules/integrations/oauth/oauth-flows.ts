import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Types } from 'mongoose';
import { CallbackPaths, IntegrationMessages, type TOAuthPurpose } from '@hireflow/contracts/integrations';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { openSecret, sealSecret } from '../../../lib/secret-box';
import { OAuthFlow, type OAuthFlowDoc } from './oauth-flow.model';
import { providerFor, type OAuthCodeResult } from './providers';

const FlowTtlMs = 10 * 60_000;
/** The browser binding: an HttpOnly cookie only this site's API reads, for the length of one round trip. */
const BindingCookie = 'hf_oauth';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

export type FlowStart = {
  purpose: TOAuthPurpose;
  provider: TIdentityProvider;
  customerId?: Types.ObjectId | null;
  userId?: Types.ObjectId | null;
  meetingRoomId?: Types.ObjectId | null;
  sharedEmail?: string | null;
  returnTo?: string | null;
  /** The account the provider should offer (login_hint). */
  loginHint?: string;
};

function readCookie(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Starts a round trip: a fresh state, nonce and PKCE pair; the state is bound to this browser by a cookie.
 * Answers the provider's authorization URL (the caller sends the browser there). 501 when the provider is
 * not configured.
 */
export async function startOAuthFlow(req: Request, res: Response, start: FlowStart): Promise<{ url: string }> {
  const config = req.app.locals.config as Config;
  const provider = providerFor(config, start.provider);
  const state = random();
  const nonce = random();
  const binding = readCookie(req, BindingCookie) ?? random();
  const { verifier, challenge } = provider.pkcePair();
  const redirectUri = `${config.publicUrl}${CallbackPaths[start.purpose][start.provider]}`;
  const now = new Date();
  const flow = await OAuthFlow.create({
    stateHash: sha256(state), bindingHash: sha256(binding), purpose: start.purpose, provider: start.provider, redirectUri, nonce,
    codeVerifier: 'pending', customerId: start.customerId ?? null, userId: start.userId ?? null, meetingRoomId: start.meetingRoomId ?? null,
    sharedEmail: start.sharedEmail ?? null, returnTo: start.returnTo ?? null, createdAt: now, expiresAt: new Date(now.getTime() + FlowTtlMs),
  });
  await OAuthFlow.updateOne({ _id: flow._id }, { $set: { codeVerifier: sealSecret(config.tokenKey, verifier, String(flow._id)) } });
  res.cookie(BindingCookie, binding, { httpOnly: true, sameSite: 'lax', secure: config.publicUrl.startsWith('https://'), path: '/api', maxAge: FlowTtlMs });
  const url = await provider.authorizationUrl({ purpose: start.purpose, state, nonce, codeChallenge: challenge, redirectUri, loginHint: start.loginHint });
  return { url };
}

export type FinishedFlow = { flow: OAuthFlowDoc; result: OAuthCodeResult };

/**
 * Finishes a round trip: the state must be one this browser started (cookie), for this purpose, unused and
 * not expired; it is spent at once (a replayed code or state is refused). Then the code is exchanged (with
 * the PKCE verifier) and the ID token verified (issuer, audience, expiry, nonce). 400 otherwise.
 */
export async function finishOAuthFlow(req: Request, opts: { state: string; code: string; purposes: TOAuthPurpose[] }): Promise<FinishedFlow> {
  const config = req.app.locals.config as Config;
  const binding = readCookie(req, BindingCookie);
  const now = new Date();
  const flow = await OAuthFlow.findOneAndUpdate(
    { stateHash: sha256(opts.state), usedAt: null, expiresAt: { $gt: now }, purpose: { $in: opts.purposes } },
    { $set: { usedAt: now } },
    { returnDocument: 'after' },
  ).lean<OAuthFlowDoc>();
  if (!flow || !binding || sha256(binding) !== flow.bindingHash) throw AppError.badRequest(IntegrationMessages.stateInvalid);
  const provider = providerFor(config, flow.provider as TIdentityProvider);
  const codeVerifier = openSecret<string>(config.tokenKey, flow.codeVerifier, String(flow._id));
  try {
    const result = await provider.exchangeCode({ purpose: flow.purpose as TOAuthPurpose, code: opts.code, codeVerifier, redirectUri: flow.redirectUri, nonce: flow.nonce });
    return { flow, result };
  } catch (error) {
    // The person sees the provider's name only; the log says why (the message alone: the library's error
    // objects carry the request, with the client secret and the code).
    const cause = (error as { cause?: unknown }).cause;
    req.log?.warn({ provider: flow.provider, purpose: flow.purpose, code: (error as AppError).code, reason: cause instanceof Error ? cause.message : undefined }, 'the provider round trip was refused');
    throw error;
  }
}
