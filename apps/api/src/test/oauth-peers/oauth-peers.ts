import { requestTrusting } from '../../modules/integrations/oauth/extra-ca';
import { startApiPeer } from './api-peer';
import { startIdentityPeer, type PeerIdentity } from './identity-peer';

export const PeerClients = {
  google: { id: 'hireflow-google-client', secret: 'google-client-secret' },
  microsoft: { id: 'hireflow-microsoft-client', secret: 'microsoft-client-secret' },
} as const;

export type OAuthPeers = Awaited<ReturnType<typeof startOAuthPeers>>;

/**
 * Every outside party of the Google and Microsoft integrations, on loopback: an OpenID Connect provider
 * standing in for Google (HTTP), one for Microsoft (HTTPS with a certificate made here, as MSAL insists),
 * and the Google APIs and Microsoft Graph endpoints the product calls. `env` points the app at them.
 */
export async function startOAuthPeers(opts: { identity?: PeerIdentity; ports?: { google?: number; microsoft?: number } } = {}) {
  const [google, microsoft, googleApi, graph] = await Promise.all([
    startIdentityPeer({ identity: opts.identity, port: opts.ports?.google }),
    startIdentityPeer({ https: true, identity: opts.identity, port: opts.ports?.microsoft }),
    startApiPeer('google'),
    startApiPeer('graph'),
  ]);
  const env: Record<string, string> = {
    GOOGLE_CLIENT_ID: PeerClients.google.id,
    GOOGLE_CLIENT_SECRET: PeerClients.google.secret,
    GOOGLE_AUTH_URL: `${google.url}/authorize`,
    GOOGLE_TOKEN_URL: `${google.url}/token`,
    GOOGLE_REVOKE_URL: `${google.url}/revoke`,
    GOOGLE_JWKS_URL: `${google.url}/jwks`,
    GOOGLE_ISSUER: google.issuer,
    GOOGLE_API_URL: googleApi.url,
    MICROSOFT_CLIENT_ID: PeerClients.microsoft.id,
    MICROSOFT_CLIENT_SECRET: PeerClients.microsoft.secret,
    MICROSOFT_AUTHORITY: microsoft.url,
    MICROSOFT_ISSUER: microsoft.issuer,
    MICROSOFT_JWKS_URL: `${microsoft.url}/jwks`,
    MICROSOFT_GRAPH_URL: graph.url,
    OAUTH_EXTRA_CA_FILE: microsoft.caFile!,
  };
  return {
    google, microsoft, googleApi, graph, env,
    setIdentity(identity: PeerIdentity) {
      google.setIdentity(identity);
      microsoft.setIdentity(identity);
    },
    /**
     * What a browser does with an authorization URL: the provider signs the person in at once and redirects
     * to the callback page. Answers the callback path and its code and state.
     */
    async authorize(authorizationUrl: string) {
      const url = new URL(authorizationUrl);
      const res = url.protocol === 'https:'
        ? await requestTrusting(microsoft.caFile!, 'GET', authorizationUrl)
        : await fetch(authorizationUrl, { redirect: 'manual' }).then((r) => ({ status: r.status, headers: Object.fromEntries(r.headers), text: '' }));
      const location = res.headers.location;
      if (res.status !== 302 || !location) throw new Error(`the provider did not redirect (${res.status})`);
      const back = new URL(location);
      return { callbackPath: back.pathname, code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, query: Object.fromEntries(back.searchParams) };
    },
    async stop() {
      await Promise.all([google.stop(), microsoft.stop(), googleApi.stop(), graph.stop()]);
    },
  };
}
