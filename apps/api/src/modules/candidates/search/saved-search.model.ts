import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/** A search a user keeps on /database: its name and the query (words, filters, sort), for them alone. */
const savedSearchSchema = new Schema(
  {
    customerId: tenantField(),
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    name: { type: String, required: true, trim: true },
    query: { type: Schema.Types.Mixed, required: true },
  },
  { timestamps: true, minimize: false },
);
tenantOwned(savedSearchSchema);
savedSearchSchema.index({ customerId: 1, userId: 1, name: 1 }, { unique: true });

export type SavedSearchDoc = InferSchemaType<typeof savedSearchSchema> & { _id: Types.ObjectId; createdAt: Date };
export const CandidateSavedSearch = model('CandidateSavedSearch', savedSearchSchema);
