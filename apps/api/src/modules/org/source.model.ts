import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** A named candidate source the company tracks (manage-sources). */
const sourceSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    description: { type: String, default: '', trim: true },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(sourceSchema);
sourceSchema.index({ customerId: 1, name: 1 }, { unique: true });

export type SourceDoc = InferSchemaType<typeof sourceSchema> & { _id: Types.ObjectId };
export const Source = model('Source', sourceSchema);
