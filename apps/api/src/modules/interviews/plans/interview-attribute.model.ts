import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/** The company's library of focus attributes scorecards rate ("System design", "Communication"). */
const interviewAttributeSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    description: { type: String, default: '' },
    active: { type: Boolean, default: true },
  },
  { timestamps: true },
);
tenantOwned(interviewAttributeSchema);
interviewAttributeSchema.index({ customerId: 1, name: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } });

export type InterviewAttributeDoc = InferSchemaType<typeof interviewAttributeSchema> & { _id: Types.ObjectId };
export const InterviewAttribute = model('InterviewAttribute', interviewAttributeSchema);
