import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A colleague's note on a candidate, optionally about one of their applications (then `jobId` is that
 * application's job, which is what decides whether a hiring manager sees it). Every note's text is also
 * kept on the candidate (`notesText`) so search finds it.
 */
const candidateNoteSchema = new Schema(
  {
    customerId: tenantField(),
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', default: null },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', default: null },
    text: { type: String, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    mentionIds: { type: [Schema.Types.ObjectId], default: [] },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
tenantOwned(candidateNoteSchema);
candidateNoteSchema.index({ customerId: 1, candidateId: 1, at: -1 });

export type CandidateNoteDoc = InferSchemaType<typeof candidateNoteSchema> & { _id: Types.ObjectId };
export const CandidateNote = model('CandidateNote', candidateNoteSchema);
