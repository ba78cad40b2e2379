import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { FieldModes } from '@hireflow/contracts/careers';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** The public careers page of a company: intro text and the apply form's fields. */
const careerSiteSchema = new Schema(
  {
    customerId: tenantField(),
    intro: { type: String, default: '' },
    applyForm: {
      phone: { type: String, enum: FieldModes, default: 'optional' },
      resume: { type: String, enum: FieldModes, default: 'required' },
      questions: { type: [{ _id: false, id: String, label: String, required: Boolean, type: { type: String }, options: { type: [String], default: undefined } }], default: [] },
    },
    updatedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(careerSiteSchema);
careerSiteSchema.index({ customerId: 1 }, { unique: true });

export type CareerSiteDoc = InferSchemaType<typeof careerSiteSchema> & { _id: Types.ObjectId };
export const CareerSite = model('CareerSite', careerSiteSchema);
