import { randomBytes } from 'node:crypto';
import type { ClientSession, Types } from 'mongoose';
import { PrivacyLinkRules, PrivacyPages } from '@hireflow/contracts/privacy';
import { hashKey } from '../auth/auth.crypto';
import { PrivacyLink, type PrivacyLinkDoc } from './privacy-link.model';

const DayMs = 24 * 3600 * 1000;

/**
 * A fresh privacy link for one candidate: 32 random bytes (unguessable), valid PrivacyLinkRules.validDays,
 * stored hashed. Every mail to a candidate carries one (company/brand.ts brandMailOf).
 */
export async function createPrivacyLink(
  { customerId, candidateId, publicUrl, now = new Date() }: { customerId: Types.ObjectId | string; candidateId: Types.ObjectId | string; publicUrl: string; now?: Date },
  session?: ClientSession,
): Promise<{ token: string; url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PrivacyLinkRules.validDays * DayMs);
  await PrivacyLink.create([{ customerId, candidateId, tokenHash: hashKey(token), createdAt: now, expiresAt }], { session });
  return { token, url: `${publicUrl.replace(/\/$/, '')}${PrivacyPages.page(token)}`, expiresAt };
}

export type PrivacyLinkState = { state: 'unknown' } | { state: 'expired'; link: PrivacyLinkDoc } | { state: 'valid'; link: PrivacyLinkDoc };

/** What a token opens: nothing (unknown or malformed), an expired link, or one candidate of one company. */
export async function findPrivacyLink(token: string, now: Date): Promise<PrivacyLinkState> {
  if (!/^[A-Za-z0-9_-]{40,60}$/.test(token)) return { state: 'unknown' };
  const link = await PrivacyLink.findOne({ tokenHash: hashKey(token) }).setOptions({ crossTenant: true }).lean<PrivacyLinkDoc>();
  if (!link) return { state: 'unknown' };
  return link.expiresAt <= now ? { state: 'expired', link } : { state: 'valid', link };
}
