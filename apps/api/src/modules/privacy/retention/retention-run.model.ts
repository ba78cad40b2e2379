import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/** One application of a company's retention rules (daily, or run by an admin): the rules then and what each anonymised. */
const retentionRunSchema = new Schema(
  {
    customerId: tenantField(),
    at: { type: Date, required: true },
    trigger: { type: String, enum: ['daily', 'manual'], required: true },
    rules: { rejectedMonths: { type: Number, default: null }, sourcedDays: { type: Number, default: null }, withdrawnMonths: { type: Number, default: null } },
    counts: { rejectedMonths: { type: Number, default: 0 }, sourcedDays: { type: Number, default: 0 }, withdrawnMonths: { type: Number, default: 0 } },
    erased: { type: Number, default: 0 },
    failed: { type: Number, default: 0 },
  },
  { versionKey: false },
);
tenantOwned(retentionRunSchema);
retentionRunSchema.index({ customerId: 1, at: -1 });

export type RetentionRunDoc = InferSchemaType<typeof retentionRunSchema> & { _id: Types.ObjectId };
export const RetentionRun = model('RetentionRun', retentionRunSchema);
