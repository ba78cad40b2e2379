import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** A campus the company hires graduates from (campus drives). */
const campusSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    city: { type: String, default: '', trim: true },
    contactName: { type: String, default: '', trim: true },
    contactEmail: { type: String, default: '', trim: true, lowercase: true },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(campusSchema);
campusSchema.index({ customerId: 1, name: 1 }, { unique: true });

export type CampusDoc = InferSchemaType<typeof campusSchema> & { _id: Types.ObjectId };
export const Campus = model('Campus', campusSchema);
