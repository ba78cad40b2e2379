import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** Workforce planning: approved headcount per job code and how much of it is used. */
const jobCodeSchema = new Schema(
  {
    customerId: tenantField(),
    code: { type: String, required: true, trim: true, uppercase: true },
    title: { type: String, required: true, trim: true },
    approvedHeadcount: { type: Number, required: true, min: 0 },
    usedHeadcount: { type: Number, default: 0, min: 0 },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(jobCodeSchema);
jobCodeSchema.index({ customerId: 1, code: 1 }, { unique: true });

export type JobCodeDoc = InferSchemaType<typeof jobCodeSchema> & { _id: Types.ObjectId };
export const JobCode = model('JobCode', jobCodeSchema);
