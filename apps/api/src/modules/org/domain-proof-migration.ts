import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { User } from '../users/user.model';
import { Customer } from './customer.model';

const MarkerId = 'domains-need-proof';

/**
 * Once per database: domains claimed before proof was required stay active only where one of the
 * company's active admins has a verified email at them; the rest wait for a proof link like new claims.
 * A marker keeps it from running again (it would otherwise undo proofs made by link).
 */
export async function requireProofOfEarlierDomains(logger?: Logger): Promise<{ moved: number }> {
  const markers = mongoose.connection.collection<{ _id: string; at: Date }>('migrations');
  if (await markers.findOne({ _id: MarkerId })) return { moved: 0 };
  let moved = 0;
  const customers = await Customer.find({ 'domains.0': { $exists: true } }, { domains: 1 }).lean();
  for (const customer of customers) {
    const admins = await User.find({ customerId: customer._id, admin: true, status: 'active', 'emailVerification.status': true }, { email: 1 }).lean();
    const proven = new Set(admins.map((a) => a.email.split('@')[1]?.toLowerCase()));
    const unproven = (customer.domains ?? []).filter((d) => !proven.has(d));
    if (!unproven.length) continue;
    await Customer.updateOne(
      { _id: customer._id },
      { $pull: { domains: { $in: unproven } }, $push: { pendingDomains: { $each: unproven.map((domain) => ({ domain, proofSentTo: null, proofSentAt: null })) } } },
    );
    moved += unproven.length;
  }
  await markers.insertOne({ _id: MarkerId, at: new Date() });
  if (moved) logger?.info({ moved }, 'email domains without proof now wait for a proof link');
  return { moved };
}
