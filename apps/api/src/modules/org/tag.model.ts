import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** A tag recruiters put on candidates (manage-allTags). */
const tagSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    color: { type: String, default: 'gray' },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(tagSchema);
tagSchema.index({ customerId: 1, name: 1 }, { unique: true });

export type TagDoc = InferSchemaType<typeof tagSchema> & { _id: Types.ObjectId };
export const Tag = model('Tag', tagSchema);
