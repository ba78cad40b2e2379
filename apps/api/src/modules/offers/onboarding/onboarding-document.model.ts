import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { OnboardingFileTypes } from '@hireflow/contracts/offers-onboarding';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * One document of the company's onboarding list (company settings): what a new hire provides after
 * accepting. A document new hires uploaded is archived (active false), never deleted, so their uploads
 * keep their name.
 */
const onboardingDocumentSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    // The name compared without case or surrounding spaces: two documents never share it.
    nameKey: { type: String, required: true },
    description: { type: String, default: '' },
    required: { type: Boolean, default: true },
    fileTypes: { type: [{ type: String, enum: OnboardingFileTypes }], default: ['pdf'] },
    active: { type: Boolean, default: true },
    position: { type: Number, default: 0 },
  },
  { timestamps: true },
);
tenantOwned(onboardingDocumentSchema);
onboardingDocumentSchema.index({ customerId: 1, nameKey: 1 }, { unique: true });
onboardingDocumentSchema.index({ customerId: 1, position: 1 });

export type OnboardingDocumentDoc = InferSchemaType<typeof onboardingDocumentSchema> & { _id: Types.ObjectId };
export const OnboardingDocument = model('OnboardingDocument', onboardingDocumentSchema);

export const onboardingNameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');
