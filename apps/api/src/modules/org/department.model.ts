import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

const departmentSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    description: { type: String, default: '', trim: true },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(departmentSchema);
departmentSchema.index({ customerId: 1, name: 1 }, { unique: true });

export type DepartmentDoc = InferSchemaType<typeof departmentSchema> & { _id: Types.ObjectId };
export const Department = model('Department', departmentSchema);
