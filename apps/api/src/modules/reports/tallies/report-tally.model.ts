import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * Maintained report figures: one document per company, dimension, key and period (a UTC day, or the
 * first day of a month for the month-grained dimensions), holding counters in `n` (nested by name, e.g.
 * n.entered.interview). Written by $inc in the same transaction as the raw event they count, and
 * rebuilt from the raw events by `rebuildTallies` (which proves they agree). Reports read these instead
 * of scanning millions of events when no filter needs the raw rows.
 */
const reportTallySchema = new Schema(
  {
    customerId: tenantField(),
    dim: { type: String, required: true },
    key: { type: String, required: true },
    day: { type: Date, required: true },
    n: { type: Schema.Types.Mixed, default: {} },
  },
  { versionKey: false, minimize: false },
);
tenantOwned(reportTallySchema);
reportTallySchema.index({ customerId: 1, dim: 1, day: 1, key: 1 }, { unique: true });

export type ReportTallyDoc = InferSchemaType<typeof reportTallySchema> & { _id: Types.ObjectId };
export const ReportTally = model('ReportTally', reportTallySchema);
