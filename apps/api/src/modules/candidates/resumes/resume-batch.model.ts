import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { BatchFileStates, BatchRowOutcomes } from '@hireflow/contracts/candidates-resumes';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/** One bulk résumé upload: its recruiter's alone, kept a month (the files become candidates' on commit). */
const resumeBatchSchema = new Schema(
  {
    customerId: tenantField(),
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    total: { type: Number, required: true },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true },
);
tenantOwned(resumeBatchSchema);
resumeBatchSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const ResumeBatch = model('ResumeBatch', resumeBatchSchema);

const suggestionsSchema = new Schema(
  {
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    email: { type: String, default: '' },
    phone: { type: String, default: '' },
    currentTitle: { type: String, default: '' },
    skills: { type: [String], default: [] },
  },
  { _id: false },
);

/** One file of a batch, a document of its own so a hundred résumés' text never share one document. */
const resumeBatchFileSchema = new Schema(
  {
    customerId: tenantField(),
    batchId: { type: Schema.Types.ObjectId, required: true },
    index: { type: Number, required: true },
    filename: { type: String, required: true },
    fileId: { type: String, default: null },
    state: { type: String, enum: BatchFileStates, required: true },
    problem: { type: String, default: '' },
    text: { type: String, default: '' },
    suggestions: { type: suggestionsSchema, default: () => ({}) },
    result: {
      type: new Schema({ outcome: { type: String, enum: BatchRowOutcomes }, candidateId: { type: String, default: null }, message: { type: String, default: '' } }, { _id: false }),
      default: null,
    },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true },
);
tenantOwned(resumeBatchFileSchema);
resumeBatchFileSchema.index({ customerId: 1, batchId: 1, index: 1 }, { unique: true });
resumeBatchFileSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const ResumeBatchFile = model('ResumeBatchFile', resumeBatchFileSchema);
export type ResumeBatchFileDoc = InferSchemaType<typeof resumeBatchFileSchema> & { _id: Types.ObjectId };

export const ResumeBatchKeepDays = 30;
