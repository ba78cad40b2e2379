import { createHmac, timingSafeEqual } from 'node:crypto';
import { Types } from 'mongoose';

/**
 * The unsubscribe link of a candidate: their id, their company's id and an HMAC of both under the
 * server's secret, so nobody can make one for someone else and a valid one never expires.
 */
const signature = (secret: string, candidateId: string, customerId: string) =>
  createHmac('sha256', `unsubscribe:${secret}`).update(`${customerId}.${candidateId}`).digest('base64url');

export function unsubscribeToken(secret: string, customerId: Types.ObjectId, candidateId: Types.ObjectId): string {
  return `${String(candidateId)}${String(customerId)}${signature(secret, String(candidateId), String(customerId))}`;
}

export function readUnsubscribeToken(secret: string, token: string): { customerId: Types.ObjectId; candidateId: Types.ObjectId } | null {
  const match = /^([a-f0-9]{24})([a-f0-9]{24})([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, candidateId, customerId, sig] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(secret, candidateId, customerId));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { customerId: new Types.ObjectId(customerId), candidateId: new Types.ObjectId(candidateId) };
}

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/campaigns/unsubscribe/${token}`;
