import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { Events, OAuth2Server, type MutableResponse } from 'oauth2-mock-server';

/** Who signs in at the mock provider: what its ID tokens say about the person. */
export type PeerIdentity = { email: string; emailVerified?: boolean; firstName?: string; lastName?: string; subject?: string };

export type IdentityPeer = Awaited<ReturnType<typeof startIdentityPeer>>;

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server): discovery, JWKS, authorize (which
 * answers at once with a code, as if the person had signed in), token with PKCE, refresh and revoke.
 * The person is the authorize request's `login_hint` when it names one, else `identity` (settable).
 * `https: true` serves TLS with a certificate made here for localhost; `caFile` is that certificate,
 * for the client to trust (what @azure/msal-node needs: it refuses plain-HTTP authorities).
 */
export async function startIdentityPeer(opts: { https?: boolean; identity?: PeerIdentity; port?: number } = {}) {
  let dir: string | null = null;
  let server: OAuth2Server;
  let caFile: string | null = null;
  if (opts.https) {
    dir = mkdtempSync(path.join(tmpdir(), 'hireflow-oidc-'));
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
    });
    const keyFile = path.join(dir, 'key.pem');
    caFile = path.join(dir, 'cert.pem');
    writeFileSync(keyFile, pems.private);
    writeFileSync(caFile, pems.cert);
    server = new OAuth2Server(keyFile, caFile);
  } else {
    server = new OAuth2Server();
  }
  await server.issuer.keys.generate('RS256');
  await server.start(opts.port ?? 0, 'localhost');
  const url = server.issuer.url!.replace(/\/$/, '');

  let identity: PeerIdentity = opts.identity ?? { email: 'alex.morgan@newco.test', firstName: 'Alex', lastName: 'Morgan' };
  const byCode = new Map<string, PeerIdentity>();
  /** Every token request the provider answered (grant type and code), for tests to inspect. */
  const tokenRequests: Array<{ grantType: string; code?: string; codeVerifier?: string; clientId?: string }> = [];

  server.service.on(Events.BeforeAuthorizeRedirect, (redirect: { url: URL }, req: { originalUrl?: string; url?: string; query?: Record<string, unknown> }) => {
    const code = redirect.url.searchParams.get('code');
    const fromQuery = req.query?.login_hint;
    const hint = typeof fromQuery === 'string' ? fromQuery : new URL(req.originalUrl ?? req.url ?? '/', url).searchParams.get('login_hint');
    if (code) byCode.set(code, hint ? { ...identity, email: hint, firstName: identity.firstName, lastName: identity.lastName } : identity);
  });
  /** Every revocation the provider received (the token it was asked to revoke). */
  const revokeRequests: Array<{ token: string }> = [];
  server.service.on('beforeRevoke', (_res: unknown, req: { body?: Record<string, string>; query?: Record<string, string> }) => {
    revokeRequests.push({ token: req.body?.token ?? req.query?.token ?? '' });
  });
  const byRefreshToken = new Map<string, PeerIdentity>();
  const personOf = (body: Record<string, string>) =>
    (body.code && byCode.get(body.code)) || (body.refresh_token && byRefreshToken.get(body.refresh_token)) || identity;
  server.service.on(Events.BeforeTokenSigning, (token: { payload: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
    const person = personOf(req.body ?? {});
    Object.assign(token.payload, {
      sub: person.subject ?? person.email,
      email: person.email,
      email_verified: person.emailVerified ?? true,
      xms_edov: person.emailVerified ?? true,
      given_name: person.firstName ?? '',
      family_name: person.lastName ?? '',
      name: `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim(),
      preferred_username: person.email,
      tid: 'mock-tenant',
    });
  });
  server.service.on(Events.BeforeResponse, (_res: MutableResponse, req: { body?: Record<string, string> }) => {
    const body = req.body ?? {};
    // The refresh token issued now stands for the same person (a later refresh names them by it).
    const issued = (_res.body as { refresh_token?: string } | '') || null;
    if (issued && issued.refresh_token) byRefreshToken.set(issued.refresh_token, personOf(body));
    tokenRequests.push({ grantType: body.grant_type ?? '', code: body.code, codeVerifier: body.code_verifier, clientId: body.client_id });
  });

  return {
    url,
    /** The `iss` of its tokens. */
    issuer: url,
    caFile,
    server,
    tokenRequests,
    revokeRequests,
    setIdentity(next: PeerIdentity) {
      identity = next;
    },
    /** Changes the claims of the next ID token only (a wrong audience, an unverified email, another nonce). */
    onceIdToken(change: (payload: Record<string, unknown>) => void) {
      const listener = (token: { payload: Record<string, unknown> }) => {
        if (!('email' in token.payload)) return; // the access token is signed first; its claims carry no email yet
        change(token.payload);
      };
      let seen = 0;
      // The access token and the ID token are both signed per response: change the second (the ID token).
      const wrapped = (token: { payload: Record<string, unknown> }) => {
        seen += 1;
        if (seen === 2) {
          server.service.off(Events.BeforeTokenSigning, wrapped);
          listener(token);
        }
      };
      server.service.on(Events.BeforeTokenSigning, wrapped);
    },
    /** The token endpoint answers the next request with this error (a revoked refresh token: invalid_grant). */
    failNextToken(error = 'invalid_grant', status = 400) {
      server.service.once(Events.BeforeResponse, (res: MutableResponse) => {
        res.statusCode = status;
        res.body = { error, error_description: 'The token was revoked' };
      });
    },
    async stop() {
      await server.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
