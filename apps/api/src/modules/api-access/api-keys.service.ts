import { randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import { ApiAccessLimits, ApiAccessMessages, ApiKeyFormat, type TApiKeyCreated, type TApiKeyItem, type TApiScope } from '@hireflow/contracts/api-access';
import { AppError } from '../../lib/app-error';
import { hashKey } from '../auth/auth.crypto';
import { loadRefs, refOf } from '../jobs/refs';
import { ApiKey, type ApiKeyDoc } from './api-key.model';

const Alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** n characters of [A-Za-z0-9], uniformly (bytes >= 248 are dropped so no character is likelier). */
function randomAlphanumeric(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const byte of randomBytes(n * 2)) {
      if (byte < 248 && out.length < n) out += Alphanumeric[byte % 62];
    }
  }
  return out;
}

/** A new key in ApiKeyFormat: hf_live_<8-char prefix>_<256 random bits in base64url>. */
export function generateApiKey(): { fullKey: string; prefix: string } {
  const prefix = randomAlphanumeric(8);
  const fullKey = `hf_live_${prefix}_${randomBytes(32).toString('base64url')}`;
  if (!ApiKeyFormat.test(fullKey)) throw new Error('generated API key does not match ApiKeyFormat');
  return { fullKey, prefix };
}

async function presentKeys(customerId: Types.ObjectId, keys: ApiKeyDoc[]): Promise<TApiKeyItem[]> {
  const refs = await loadRefs(customerId, { users: keys.map((k) => k.createdBy) });
  return keys.map((k) => ({
    id: String(k._id),
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes as TApiScope[],
    createdBy: refOf(refs.users, k.createdBy),
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  }));
}

/** The company's keys, live ones first, newest first. */
export async function listApiKeys(customerId: Types.ObjectId): Promise<TApiKeyItem[]> {
  const keys = await ApiKey.find({ customerId }).sort({ revokedAt: 1, createdAt: -1 }).lean<ApiKeyDoc[]>();
  return presentKeys(customerId, keys);
}

/** A new key; the answer carries the whole key, the one time it is shown (only its hash is stored). */
export async function createApiKey(customerId: Types.ObjectId, by: Types.ObjectId, input: { name: string; scopes: TApiScope[] }): Promise<TApiKeyCreated> {
  const live = await ApiKey.countDocuments({ customerId, revokedAt: null });
  if (live >= ApiAccessLimits.maxKeysPerCompany) throw AppError.conflict(ApiAccessMessages.tooManyKeys);
  for (let tries = 0; ; tries++) {
    const { fullKey, prefix } = generateApiKey();
    try {
      const created = await ApiKey.create({ customerId, name: input.name, prefix, keyHash: hashKey(fullKey), scopes: [...new Set(input.scopes)], createdBy: by });
      const [key] = await presentKeys(customerId, [created.toObject() as ApiKeyDoc]);
      return { key: key!, fullKey };
    } catch (error) {
      // Two keys drawing the same 8-character prefix (1 in 2e14): draw again.
      if ((error as { code?: number }).code !== 11000 || tries >= 3) throw error;
    }
  }
}

/** Revokes a key at once: requireApiKey refuses it from the next call on. */
export async function revokeApiKey(customerId: Types.ObjectId, by: Types.ObjectId, id: string): Promise<TApiKeyItem> {
  const key = await ApiKey.findOneAndUpdate({ customerId, _id: id, revokedAt: null }, { $set: { revokedAt: new Date(), revokedBy: by } }, { returnDocument: 'after' }).lean<ApiKeyDoc>();
  if (!key) {
    if (await ApiKey.exists({ customerId, _id: id })) throw AppError.conflict(ApiAccessMessages.keyAlreadyRevoked);
    throw AppError.notFound('API key');
  }
  return (await presentKeys(customerId, [key]))[0]!;
}
