import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ErasureOrigins, ErasureStates } from '@hireflow/contracts/privacy';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A request to erase a candidate, with its legal deadline (ErasureDeadlineDays). `candidateName` is kept
 * only while the request waits or was refused; erasure replaces it with the anonymous name.
 */
const erasureRequestSchema = new Schema(
  {
    customerId: tenantField(),
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    candidateName: { type: String, default: '' },
    state: { type: String, enum: ErasureStates, default: 'pending' },
    origin: { type: String, enum: ErasureOrigins, required: true },
    requestedAt: { type: Date, required: true },
    dueAt: { type: Date, required: true },
    decidedAt: { type: Date, default: null },
    decidedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    reason: { type: String, default: '' },
  },
  { versionKey: false },
);
tenantOwned(erasureRequestSchema);
erasureRequestSchema.index({ customerId: 1, state: 1, dueAt: 1 });
// At most one waiting request per candidate.
erasureRequestSchema.index({ customerId: 1, candidateId: 1 }, { unique: true, partialFilterExpression: { state: 'pending' } });

export type ErasureRequestDoc = InferSchemaType<typeof erasureRequestSchema> & { _id: Types.ObjectId };
export const ErasureRequest = model('ErasureRequest', erasureRequestSchema);
