import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * One application of a company's retention rules (daily, or run by an admin): the rules then and what each
 * anonymised. A daily run is keyed by its UTC `day`, so a sweep that repeats never starts a second one that day.
 * A run with many matches erases in batches (retention.jobs.ts); `finishedAt` is set when nothing is left.
 */
const retentionRunSchema = new Schema(
  {
    customerId: tenantField(),
    at: { type: Date, required: true },
    trigger: { type: String, enum: ['daily', 'manual'], required: true },
    /** 'YYYY-MM-DD' (UTC) of a daily run; null for a manual one. */
    day: { type: String, default: null },
    rules: { rejectedMonths: { type: Number, default: null }, sourcedDays: { type: Number, default: null }, withdrawnMonths: { type: Number, default: null } },
    counts: { rejectedMonths: { type: Number, default: 0 }, sourcedDays: { type: Number, default: 0 }, withdrawnMonths: { type: Number, default: 0 } },
    erased: { type: Number, default: 0 },
    failed: { type: Number, default: 0 },
    /** Candidates whose erasure failed in this run: the next batches of the run skip them (tomorrow's run retries). */
    failedIds: { type: [Schema.Types.ObjectId], default: [] },
    finishedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
tenantOwned(retentionRunSchema);
retentionRunSchema.index({ customerId: 1, at: -1 });
// At most one daily run per company and UTC day.
retentionRunSchema.index({ customerId: 1, day: 1 }, { unique: true, partialFilterExpression: { day: { $type: 'string' } } });

export type RetentionRunDoc = InferSchemaType<typeof retentionRunSchema> & { _id: Types.ObjectId };
export const RetentionRun = model('RetentionRun', retentionRunSchema);
