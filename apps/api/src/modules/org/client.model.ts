import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** A client the company hires for (staffing firms). */
const clientSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    website: { type: String, default: '', trim: true },
    contactName: { type: String, default: '', trim: true },
    contactEmail: { type: String, default: '', trim: true, lowercase: true },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(clientSchema);
clientSchema.index({ customerId: 1, name: 1 }, { unique: true });

export type ClientDoc = InferSchemaType<typeof clientSchema> & { _id: Types.ObjectId };
export const Client = model('Client', clientSchema);
