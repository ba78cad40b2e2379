import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/** A colleague named in a note: an item on their dashboard until they mark it read. */
const candidateMentionSchema = new Schema(
  {
    customerId: tenantField(),
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    noteId: { type: Schema.Types.ObjectId, ref: 'CandidateNote', required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    at: { type: Date, required: true },
    readAt: { type: Date, default: null },
  },
  { versionKey: false },
);
tenantOwned(candidateMentionSchema);
candidateMentionSchema.index({ customerId: 1, userId: 1, readAt: 1, at: -1 });

export type CandidateMentionDoc = InferSchemaType<typeof candidateMentionSchema> & { _id: Types.ObjectId };
export const CandidateMention = model('CandidateMention', candidateMentionSchema);
