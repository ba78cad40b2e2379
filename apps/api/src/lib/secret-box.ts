import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (OAuth refresh and access tokens): AES-256-GCM with the key from TOKEN_ENCRYPTION_KEY.
 * A sealed value is "v1.<iv>.<tag>.<ciphertext>" in base64url; `aad` binds it to its owner (a connection's
 * id), so a sealed value copied onto another row does not open.
 */
const Version = 'v1';

export function sealSecret(key: Buffer, value: unknown, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [Version, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The value sealed with this key and owner; throws when the key, the owner or the bytes differ. */
export function openSecret<T>(key: Buffer, sealed: string, aad: string): T {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== Version || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as T;
}
