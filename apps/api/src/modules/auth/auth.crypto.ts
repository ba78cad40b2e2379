import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { Config } from '../../config';

/** A key for a link: 256 random bits, URL-safe. */
export const randomKey = () => randomBytes(32).toString('base64url');

/** Keys with 256 bits of entropy need no salt or stretching: a plain SHA-256 hides them at rest. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Short secrets (6-digit codes, captcha answers) are guessable from a plain hash, so they are keyed. */
export const keyedHash = (config: Pick<Config, 'jwtSecret'>, value: string) => createHmac('sha256', config.jwtSecret).update(value).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const randomDigits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');

export const hashPassword = (config: Pick<Config, 'bcryptCost'>, password: string) => bcrypt.hash(password, config.bcryptCost);
export const passwordMatches = (password: string, hash: string | null | undefined) => (hash ? bcrypt.compare(password, hash) : Promise.resolve(false));
