import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** An office location (city) with its office addresses. */
const locationSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    city: { type: String, default: '', trim: true },
    country: { type: String, default: '', trim: true },
    addresses: {
      type: [{ label: { type: String, required: true, trim: true }, address: { type: String, required: true, trim: true } }],
      default: [],
    },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(locationSchema);
locationSchema.index({ customerId: 1, name: 1 }, { unique: true });

export type LocationDoc = InferSchemaType<typeof locationSchema> & { _id: Types.ObjectId };
export const Location = model('Location', locationSchema);
