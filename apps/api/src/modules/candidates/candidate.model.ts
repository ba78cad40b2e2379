import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ApplicationSources } from '@hireflow/contracts/candidates';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** One person in the company's candidate database: one per email, whatever jobs they apply to. */
const candidateSchema = new Schema(
  {
    customerId: tenantField(),
    firstName: { type: String, required: true, trim: true },
    lastName: { type: String, default: '', trim: true },
    email: { type: String, required: true, trim: true, lowercase: true },
    phone: { type: String, default: '' },
    // First touch: how this person first came to the company; never changed afterwards.
    source: { type: String, enum: ApplicationSources, required: true },
    // A stored file's random id (files module), never an ObjectId.
    resumeFileId: { type: String, default: null },
    resumeFilename: { type: String, default: '' },
    consentAt: { type: Date, default: null },
  },
  { timestamps: true },
);
tenantOwned(candidateSchema);
candidateSchema.index({ customerId: 1, email: 1 }, { unique: true });

export type CandidateDoc = InferSchemaType<typeof candidateSchema> & { _id: Types.ObjectId; createdAt: Date };
export const Candidate = model('Candidate', candidateSchema);
