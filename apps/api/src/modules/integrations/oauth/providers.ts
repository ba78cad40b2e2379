import { createHash, randomBytes } from 'node:crypto';
import { IntegrationMessages, ProviderLabels, type TOAuthPurpose } from '@hireflow/contracts/integrations';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { googleProvider } from './google';
import { microsoftProvider } from './microsoft';

/** What the provider vouched for in the verified ID token. */
export type VerifiedClaims = { subject: string; email: string; emailVerified: boolean; firstName: string; lastName: string };

/** The outcome of a code exchange: who signed in, and the tokens to keep (sealed) for mailbox and calendar use. */
export type OAuthCodeResult = { identity: VerifiedClaims; secret: ProviderSecret; accessExpiresAt: Date | null };

/** Provider-specific token material, stored sealed (never presented, never logged). */
export type ProviderSecret = Record<string, unknown>;

/** A usable access token; `secret` is the (possibly refreshed) material to store back. */
export type AccessGrant = { accessToken: string; secret: ProviderSecret; accessExpiresAt: Date | null };

/**
 * The stored permission no longer works (revoked, expired refresh token, password changed): only the
 * person reconnecting can fix it. Anything else thrown by a provider is taken as passing (network, 5xx).
 */
export class ConnectionBrokenError extends Error {}

export interface OAuthProvider {
  readonly name: TIdentityProvider;
  pkcePair(): { verifier: string; challenge: string };
  authorizationUrl(opts: { purpose: TOAuthPurpose; state: string; nonce: string; codeChallenge: string; redirectUri: string; loginHint?: string }): Promise<string>;
  /** 400 (AppError) when the provider refuses the code or the ID token does not verify. */
  exchangeCode(opts: { purpose: TOAuthPurpose; code: string; codeVerifier: string; redirectUri: string; nonce: string }): Promise<OAuthCodeResult>;
  /** The current access token, refreshed when it expires within a minute. ConnectionBrokenError when refused. */
  accessToken(secret: ProviderSecret, purpose: TOAuthPurpose, opts?: { forceRefresh?: boolean }): Promise<AccessGrant>;
  /** Revokes the permission at the provider; false when the provider has no way to (Microsoft). */
  revoke(secret: ProviderSecret): Promise<boolean>;
}

export function newPkcePair() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const cache = new WeakMap<Config, Partial<Record<TIdentityProvider, OAuthProvider>>>();

/** The configured provider (one instance per config); 501 with what to set when it is not configured. */
export function providerFor(config: Config, name: TIdentityProvider): OAuthProvider {
  const built = cache.get(config) ?? {};
  cache.set(config, built);
  if (built[name]) return built[name];
  const provider = name === 'google' ? (config.google ? googleProvider(config, config.google) : null) : config.microsoft ? microsoftProvider(config, config.microsoft) : null;
  if (!provider) throw new AppError('not_configured', { message: IntegrationMessages.notConfigured(ProviderLabels[name]), status: 501 });
  built[name] = provider;
  return provider;
}

export const isConfigured = (config: Config, name: TIdentityProvider) => Boolean(name === 'google' ? config.google : config.microsoft);

/** A refused code or an ID token that does not verify: the person sees the provider's name, the log the cause. */
export function refused(name: TIdentityProvider, cause: unknown): AppError {
  return Object.assign(new AppError('provider_refused', { message: IntegrationMessages.providerRefused(ProviderLabels[name]), status: 400 }), { cause });
}
