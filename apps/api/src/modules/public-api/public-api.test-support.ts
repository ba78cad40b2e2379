import { randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import { ApiKeyFormat, ApiScopes, type TApiScope } from '@hireflow/contracts/api-access';
import type { TPlanId } from '@hireflow/contracts/billing';
import { ApiKey } from '../api-access/api-key.model';
import { hashKey } from '../auth/auth.crypto';
import { Customer } from '../org/customer.model';

const alnum = (length: number) => randomBytes(length * 2).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, length);

/** A stored key of the company (hashed as the key management stores it) and its Authorization header. */
export async function createTestApiKey({ customerId, createdBy, scopes = [...ApiScopes], name = 'Test key' }: { customerId: Types.ObjectId; createdBy: Types.ObjectId; scopes?: TApiScope[]; name?: string }) {
  const prefix = alnum(8);
  const key = `hf_live_${prefix}_${alnum(40)}`;
  if (!ApiKeyFormat.test(key)) throw new Error(`test key ${key} does not match ApiKeyFormat`);
  const doc = await ApiKey.create({ customerId, name, prefix, keyHash: hashKey(key), scopes, createdBy });
  return { key, id: doc._id, auth: `Bearer ${key}` };
}

/** Puts the company on a plan, out of any trial (the API needs Enterprise). */
export async function setPlan(customerId: Types.ObjectId, plan: TPlanId) {
  await Customer.updateOne({ _id: customerId }, { $set: { plan, trialEndsAt: null, 'subscription.status': 'active' } });
}
