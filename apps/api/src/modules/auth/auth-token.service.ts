import type { Types } from 'mongoose';
import { AuthToken, type TAuthTokenPurpose } from './auth-token.model';
import { hashKey, randomKey } from './auth.crypto';

/** Issues a single-use key; earlier keys of the same purpose (and scope) for the user stop working. */
export async function issueAuthToken({ userId, purpose, ttlMs, scope }: { userId: Types.ObjectId; purpose: TAuthTokenPurpose; ttlMs: number; scope?: string }) {
  await AuthToken.deleteMany(scope ? { userId, purpose, scope } : { userId, purpose });
  const key = randomKey();
  await AuthToken.create({ userId, purpose, keyHash: hashKey(key), expiresAt: new Date(Date.now() + ttlMs), scope: scope ?? null });
  return { key, keyHash: hashKey(key) };
}

/** Whether a key is live, without using it. */
export async function findLiveAuthToken(purposes: readonly TAuthTokenPurpose[], key: string) {
  const token = await AuthToken.findOne({ keyHash: hashKey(key), purpose: { $in: purposes } }).lean();
  return token && token.expiresAt.getTime() > Date.now() ? token : null;
}

/** Uses a key: atomically removes it, and answers its owner only if it had not expired. */
export async function consumeAuthToken(purposes: readonly TAuthTokenPurpose[], key: string) {
  const token = await AuthToken.findOneAndDelete({ keyHash: hashKey(key), purpose: { $in: purposes } }).lean();
  return token && token.expiresAt.getTime() > Date.now() ? token : null;
}
