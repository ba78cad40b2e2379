import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * A candidate's self-service privacy link (/privacy/:token), one per mail that carried it. Only the SHA-256
 * of the token is stored; the TTL index removes a link once it has expired, and erasure deletes them all.
 */
const privacyLinkSchema = new Schema(
  {
    customerId: tenantField(),
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    tokenHash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
tenantOwned(privacyLinkSchema);
privacyLinkSchema.index({ tokenHash: 1 }, { unique: true });
privacyLinkSchema.index({ customerId: 1, candidateId: 1 });
privacyLinkSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });

export type PrivacyLinkDoc = InferSchemaType<typeof privacyLinkSchema> & { _id: Types.ObjectId };
export const PrivacyLink = model('PrivacyLink', privacyLinkSchema);
