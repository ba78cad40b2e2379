import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { CandidateActivityKinds } from '@hireflow/contracts/candidates';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * Append-only timeline of a candidate: what happened, when, by whom, and on which application or job.
 * Views and exports are kept here too: they are the privacy audit trail that reports read.
 */
const candidateActivitySchema = new Schema(
  {
    customerId: tenantField(),
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    kind: { type: String, enum: CandidateActivityKinds, required: true },
    at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', default: null },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', default: null },
    /** One line a person reads on the timeline ("Moved to Interview", "Campaign: Spring roles"). */
    summary: { type: String, default: '' },
    /** Kind-specific details (a note's id, an email's subject, the fields that changed...). */
    data: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false },
);
tenantOwned(candidateActivitySchema);
candidateActivitySchema.index({ customerId: 1, candidateId: 1, at: -1 });
// The activity reports filtered by jobs (reports/activity). Declared before the kind index: their filter names
// both a kind and jobs, and planners that take the first of two equal indexes (the embedded server does) should
// walk the few selected jobs rather than every entry of those kinds.
candidateActivitySchema.index({ customerId: 1, jobId: 1, at: 1 });
candidateActivitySchema.index({ customerId: 1, kind: 1, at: -1 });
// The dashboard's recent activity: what I did lately (modules/dashboard).
candidateActivitySchema.index({ customerId: 1, by: 1, at: -1 });

export type CandidateActivityDoc = InferSchemaType<typeof candidateActivitySchema> & { _id: Types.ObjectId };
export const CandidateActivity = model('CandidateActivity', candidateActivitySchema);
