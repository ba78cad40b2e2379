import { AuthMessages, type TIdentityProvider } from '@hireflow/contracts/auth';
import { AppError } from '../../lib/app-error';

/** What Google or Microsoft vouched for after the OAuth code exchange. */
export type VerifiedIdentity = { provider: TIdentityProvider; email: string; firstName: string; lastName: string };

/**
 * The OAuth side of third-party sign-up, supplied by the integrations module once a provider is
 * configured (client id, secret, endpoints). Until one registers, its sign-up answers 501.
 */
export type IdentityProvider = {
  authorizationUrl(opts: { redirectUri: string }): string;
  exchangeCode(code: string, opts: { redirectUri: string }): Promise<VerifiedIdentity>;
};

const providers = new Map<TIdentityProvider, IdentityProvider>();
const labels: Record<TIdentityProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

export function registerIdentityProvider(name: TIdentityProvider, provider: IdentityProvider | null): void {
  if (provider) providers.set(name, provider);
  else providers.delete(name);
}

/** The provider to use: the one named, or the only one configured. */
export function identityProviderFor(name?: TIdentityProvider): { name: TIdentityProvider; provider: IdentityProvider } {
  const chosen = name ?? (providers.size === 1 ? [...providers.keys()][0] : undefined);
  const provider = chosen ? providers.get(chosen) : undefined;
  if (!chosen || !provider) {
    const label = chosen ? labels[chosen] : 'Google or Microsoft';
    throw new AppError('not_configured', { message: AuthMessages.providerNotConfigured(label), status: 501 });
  }
  return { name: chosen, provider };
}

export const providerLabel = (name: TIdentityProvider) => labels[name];
