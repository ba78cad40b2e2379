import { OAuth2Client } from 'google-auth-library';
import type { TOAuthPurpose } from '@hireflow/contracts/integrations';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { IntegrationMessages } from '@hireflow/contracts/integrations';
import { verifyIdToken } from './id-token';
import { ConnectionBrokenError, newPkcePair, refused, type OAuthProvider, type ProviderSecret } from './providers';

type GoogleConfig = NonNullable<Config['google']>;
/** What is kept (sealed) for a Google connection. */
type GoogleSecret = { refreshToken: string | null; accessToken: string; expiresAt: number | null };

const Scopes: Record<TOAuthPurpose, string[]> = {
  'sign-in': ['openid', 'email', 'profile'],
  'sign-up': ['openid', 'email', 'profile'],
  mailbox: ['openid', 'email', 'https://www.googleapis.com/auth/gmail.send'],
  'shared-mailbox': ['openid', 'email', 'https://www.googleapis.com/auth/gmail.send'],
  calendar: ['openid', 'email', 'https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/calendar.freebusy'],
  'room-calendar': ['openid', 'email', 'https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/calendar.freebusy'],
};
const signsInOnly = (purpose: TOAuthPurpose) => purpose === 'sign-in' || purpose === 'sign-up';

const isInvalidGrant = (error: unknown) => {
  const data = (error as { response?: { data?: { error?: string } } }).response?.data;
  return data?.error === 'invalid_grant' || data?.error === 'unauthorized_client';
};

/** Google through google-auth-library: code flow with PKCE, offline access for mailbox and calendar. */
export function googleProvider(config: Config, google: GoogleConfig): OAuthProvider {
  const client = (redirectUri?: string) =>
    new OAuth2Client({
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      redirectUri,
      endpoints: { oauth2AuthBaseUrl: google.authUrl, oauth2TokenUrl: google.tokenUrl, oauth2RevokeUrl: google.revokeUrl },
    });

  return {
    name: 'google',
    pkcePair: newPkcePair,
    async authorizationUrl({ purpose, state, nonce, codeChallenge, redirectUri, loginHint }) {
      return client(redirectUri).generateAuthUrl({
        scope: Scopes[purpose],
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256' as never,
        // Mailbox and calendar need a refresh token: offline access, asked again so Google issues one.
        ...(signsInOnly(purpose) ? { prompt: 'select_account' } : { access_type: 'offline', prompt: 'consent', include_granted_scopes: true }),
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
    },
    async exchangeCode({ code, codeVerifier, redirectUri, nonce }) {
      let tokens;
      try {
        ({ tokens } = await client(redirectUri).getToken({ code, codeVerifier, redirect_uri: redirectUri }));
      } catch (error) {
        throw refused('google', error);
      }
      if (!tokens.id_token || !tokens.access_token) throw refused('google', new Error('no ID token in the answer'));
      let claims;
      try {
        claims = await verifyIdToken(tokens.id_token, { jwksUrl: google.jwksUrl, caFile: config.oauthExtraCaFile, audience: google.clientId, nonce, issuer: () => google.issuer });
      } catch (error) {
        throw refused('google', error);
      }
      if (typeof claims.email !== 'string' || !claims.email) throw refused('google', new Error('no email in the ID token'));
      if (claims.email_verified !== true && claims.email_verified !== 'true') {
        throw new AppError('email_unverified', { message: IntegrationMessages.emailUnverified('Google'), status: 400 });
      }
      const secret: GoogleSecret = { refreshToken: tokens.refresh_token ?? null, accessToken: tokens.access_token, expiresAt: tokens.expiry_date ?? null };
      return {
        identity: {
          subject: String(claims.sub), email: claims.email.toLowerCase(), emailVerified: true,
          firstName: String(claims.given_name ?? ''), lastName: String(claims.family_name ?? ''),
        },
        secret,
        accessExpiresAt: secret.expiresAt ? new Date(secret.expiresAt) : null,
      };
    },
    async accessToken(stored: ProviderSecret, _purpose, opts = {}) {
      const secret = stored as GoogleSecret;
      if (!opts.forceRefresh && secret.expiresAt && secret.expiresAt - 60_000 > Date.now()) return { accessToken: secret.accessToken, secret, accessExpiresAt: new Date(secret.expiresAt) };
      if (!secret.refreshToken) throw new ConnectionBrokenError('Google gave no lasting permission. Please reconnect.');
      try {
        const refresher = client();
        refresher.setCredentials({ refresh_token: secret.refreshToken });
        await refresher.getAccessToken(); // no access token held: this refreshes
        const tokens = refresher.credentials;
        const next: GoogleSecret = { refreshToken: tokens.refresh_token ?? secret.refreshToken, accessToken: tokens.access_token!, expiresAt: tokens.expiry_date ?? null };
        return { accessToken: next.accessToken, secret: next, accessExpiresAt: next.expiresAt ? new Date(next.expiresAt) : null };
      } catch (error) {
        if (isInvalidGrant(error)) throw new ConnectionBrokenError('Google no longer accepts the permission you gave (it was revoked or has expired).');
        throw error;
      }
    },
    async revoke(stored: ProviderSecret) {
      const secret = stored as GoogleSecret;
      await client().revokeToken(secret.refreshToken ?? secret.accessToken);
      return true;
    },
  };
}
