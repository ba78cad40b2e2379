import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** A named dropdown list (manage-lists), used by dropdown custom fields. */
const pickListSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    options: { type: [String], default: [] },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(pickListSchema);
pickListSchema.index({ customerId: 1, name: 1 }, { unique: true });

export type PickListDoc = InferSchemaType<typeof pickListSchema> & { _id: Types.ObjectId };
export const PickList = model('PickList', pickListSchema);
