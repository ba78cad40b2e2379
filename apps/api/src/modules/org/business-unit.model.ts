import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** A node of the company's business-unit tree. */
const businessUnitSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    parentId: { type: Schema.Types.ObjectId, ref: 'BusinessUnit', default: null },
    description: { type: String, default: '', trim: true },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(businessUnitSchema);
businessUnitSchema.index({ customerId: 1, name: 1 }, { unique: true });
businessUnitSchema.index({ customerId: 1, parentId: 1 });

export type BusinessUnitDoc = InferSchemaType<typeof businessUnitSchema> & { _id: Types.ObjectId };
export const BusinessUnit = model('BusinessUnit', businessUnitSchema);
