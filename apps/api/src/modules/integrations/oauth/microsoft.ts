import { ConfidentialClientApplication, type Configuration, type INetworkModule, type NetworkRequestOptions } from '@azure/msal-node';
import type { TOAuthPurpose } from '@hireflow/contracts/integrations';
import { IntegrationMessages } from '@hireflow/contracts/integrations';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { requestTrusting } from './extra-ca';
import { verifyIdToken } from './id-token';
import { ConnectionBrokenError, newPkcePair, refused, type OAuthProvider, type ProviderSecret } from './providers';

type MicrosoftConfig = NonNullable<Config['microsoft']>;
/** What is kept (sealed) for a Microsoft connection: MSAL's own token cache and which account in it. */
type MicrosoftSecret = { cache: string; homeAccountId: string };

const Scopes: Record<TOAuthPurpose, string[]> = {
  'sign-in': ['openid', 'email', 'profile'],
  'sign-up': ['openid', 'email', 'profile'],
  mailbox: ['openid', 'email', 'offline_access', 'User.Read', 'Mail.Send'],
  'shared-mailbox': ['openid', 'email', 'offline_access', 'User.Read', 'Mail.Send'],
  calendar: ['openid', 'email', 'offline_access', 'User.Read', 'Calendars.ReadWrite'],
  'room-calendar': ['openid', 'email', 'offline_access', 'User.Read', 'Calendars.ReadWrite'],
};
/** The scopes a token is asked for (MSAL adds openid, profile and offline_access itself). */
const resourceScopes = (purpose: TOAuthPurpose) => Scopes[purpose].filter((s) => !['openid', 'email', 'profile', 'offline_access'].includes(s));

/** MSAL over node:https trusting a local mock's certificate (tests and `npm run dev:oauth` only). */
function networkTrusting(caFile: string): INetworkModule {
  const send = async <T>(method: string, url: string, options?: NetworkRequestOptions) => {
    const res = await requestTrusting(caFile, method, url, { headers: options?.headers, body: options?.body });
    return { status: res.status, headers: res.headers, body: (res.text.startsWith('{') ? JSON.parse(res.text) : {}) as T };
  };
  return { sendGetRequestAsync: (url, options) => send('GET', url, options), sendPostRequestAsync: (url, options) => send('POST', url, options) };
}

const isInteractionRequired = (error: unknown) => {
  const e = error as { name?: string; errorCode?: string };
  return e.name === 'InteractionRequiredAuthError' || e.errorCode === 'invalid_grant' || e.errorCode === 'no_tokens_found' || e.errorCode === 'interaction_required';
};

/** Microsoft through @azure/msal-node (a confidential client): code flow with PKCE and nonce; tokens in MSAL's cache. */
export function microsoftProvider(config: Config, microsoft: MicrosoftConfig): OAuthProvider {
  const authorityHost = new URL(microsoft.authority).host;
  const publicCloud = authorityHost === 'login.microsoftonline.com';
  const msalConfig: Configuration = {
    auth: {
      clientId: microsoft.clientId,
      clientSecret: microsoft.clientSecret,
      authority: microsoft.authority,
      ...(publicCloud ? {} : { knownAuthorities: [authorityHost] }),
    },
    system: {
      ...(publicCloud ? {} : { protocolMode: 'OIDC' as never }),
      ...(config.oauthExtraCaFile ? { networkClient: networkTrusting(config.oauthExtraCaFile) } : {}),
    },
  };
  const app = (cache?: string) => {
    const cca = new ConfidentialClientApplication(msalConfig);
    if (cache) cca.getTokenCache().deserialize(cache);
    return cca;
  };
  const issuerOf = (payload: Record<string, unknown>) => microsoft.issuer.replace('{tenantid}', String(payload.tid ?? ''));

  return {
    name: 'microsoft',
    pkcePair: newPkcePair,
    authorizationUrl: ({ purpose, state, nonce, codeChallenge, redirectUri, loginHint }) =>
      app().getAuthCodeUrl({
        scopes: resourceScopes(purpose), redirectUri, state, nonce, codeChallenge, codeChallengeMethod: 'S256',
        ...(loginHint ? { loginHint } : { prompt: 'select_account' }),
      }),
    async exchangeCode({ purpose, code, codeVerifier, redirectUri, nonce }) {
      const cca = app();
      let result;
      try {
        result = await cca.acquireTokenByCode({ code, codeVerifier, redirectUri, nonce, scopes: resourceScopes(purpose) });
      } catch (error) {
        throw refused('microsoft', error);
      }
      let claims;
      try {
        claims = await verifyIdToken(result.idToken, { jwksUrl: microsoft.jwksUrl, caFile: config.oauthExtraCaFile, audience: microsoft.clientId, nonce, issuer: issuerOf });
      } catch (error) {
        throw refused('microsoft', error);
      }
      const email = String(claims.email ?? claims.preferred_username ?? '').toLowerCase();
      if (!email.includes('@')) throw refused('microsoft', new Error('no email in the ID token'));
      // Any Entra tenant can put any address in `email`: only an address whose domain the tenant proved
      // (the optional claim xms_edov, or email_verified) may stand for a person here (the "nOAuth" problem).
      if (claims.xms_edov !== true && claims.email_verified !== true) {
        throw new AppError('email_unverified', { message: IntegrationMessages.emailUnverified('Microsoft'), status: 400 });
      }
      const [firstName = '', ...rest] = String(claims.name ?? '').split(' ');
      const secret: MicrosoftSecret = { cache: cca.getTokenCache().serialize(), homeAccountId: result.account?.homeAccountId ?? '' };
      return {
        identity: {
          subject: String(claims.oid ?? claims.sub), email, emailVerified: true,
          firstName: String(claims.given_name ?? firstName), lastName: String(claims.family_name ?? rest.join(' ')),
        },
        secret,
        accessExpiresAt: result.expiresOn ?? null,
      };
    },
    async accessToken(stored: ProviderSecret, purpose: TOAuthPurpose, opts = {}) {
      const secret = stored as MicrosoftSecret;
      const cca = app(secret.cache);
      const account = (await cca.getTokenCache().getAllAccounts()).find((a) => a.homeAccountId === secret.homeAccountId);
      if (!account) throw new ConnectionBrokenError('The stored Microsoft permission is missing. Please reconnect.');
      try {
        // MSAL answers from its cache while the token is valid and refreshes it 5 minutes before it expires.
        const result = await cca.acquireTokenSilent({ account, scopes: resourceScopes(purpose), forceRefresh: Boolean(opts.forceRefresh) });
        return { accessToken: result.accessToken, secret: { ...secret, cache: cca.getTokenCache().serialize() }, accessExpiresAt: result.expiresOn ?? null };
      } catch (error) {
        if (isInteractionRequired(error)) throw new ConnectionBrokenError('Microsoft no longer accepts the permission you gave (it was revoked or has expired).');
        throw error;
      }
    },
    // Microsoft has no endpoint that revokes one application's refresh token; deleting it here ends its use.
    revoke: async () => false,
  };
}
