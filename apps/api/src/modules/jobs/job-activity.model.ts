import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** What people did to a job, shown on the job page: append-only, newest first. */
const jobActivitySchema = new Schema(
  {
    customerId: tenantField(),
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    action: { type: String, required: true },
    summary: { type: String, required: true },
  },
  { versionKey: false },
);
tenantOwned(jobActivitySchema);
jobActivitySchema.index({ customerId: 1, jobId: 1, at: -1 });

export type JobActivityDoc = InferSchemaType<typeof jobActivitySchema> & { _id: Types.ObjectId };
export const JobActivity = model('JobActivity', jobActivitySchema);
