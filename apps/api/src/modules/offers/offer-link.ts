import { Offer, type OfferDoc } from './offer.model';
import { hashKey, randomKey } from '../auth/auth.crypto';

/** A new link key for the candidate's page: keep `tokenHash` on the offer, mail `token`. */
export function newOfferLink() {
  const token = randomKey();
  return { token, tokenHash: hashKey(token) };
}

export const offerLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/offer/${token}`;

/**
 * The offer a public link opens, across companies (the token is the only key); null for an unknown or
 * malformed token. Whether it still works (expired, revoked, decided) is the caller's to say plainly.
 */
export async function findOfferByToken(token: string): Promise<OfferDoc | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return Offer.findOne({ linkTokenHash: hashKey(token) }).setOptions({ crossTenant: true }).lean<OfferDoc>();
}
