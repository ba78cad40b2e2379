import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import { fetchTrusting } from './extra-ca';

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const keySets = new Map<string, KeySet>();

function keySetFor(jwksUrl: string, caFile: string | null): KeySet {
  let set = keySets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), caFile && jwksUrl.startsWith('https:') ? { [customFetch]: fetchTrusting(caFile) as never } : {});
    keySets.set(jwksUrl, set);
  }
  return set;
}

/**
 * Verifies an ID token: signature against the provider's published keys, issuer (a function for
 * multi-tenant issuers), audience (our client id), expiry (a minute of clock skew) and the nonce of the
 * round trip. Throws on any mismatch.
 */
export async function verifyIdToken(
  idToken: string,
  opts: { jwksUrl: string; caFile: string | null; audience: string; nonce: string; issuer: (payload: JWTPayload) => string },
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(idToken, keySetFor(opts.jwksUrl, opts.caFile), { audience: opts.audience, clockTolerance: 60 });
  if (payload.iss !== opts.issuer(payload)) throw new Error(`unexpected issuer ${String(payload.iss)}`);
  if (payload.nonce !== opts.nonce) throw new Error('nonce mismatch');
  return payload;
}
