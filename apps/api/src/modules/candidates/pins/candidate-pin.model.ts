import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/** A candidate one user pinned for themselves (/database-pinned-profiles). */
const candidatePinSchema = new Schema(
  {
    customerId: tenantField(),
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
tenantOwned(candidatePinSchema);
candidatePinSchema.index({ customerId: 1, userId: 1, candidateId: 1 }, { unique: true });
candidatePinSchema.index({ customerId: 1, userId: 1, at: -1 });

export type CandidatePinDoc = InferSchemaType<typeof candidatePinSchema> & { _id: Types.ObjectId };
export const CandidatePin = model('CandidatePin', candidatePinSchema);
