import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { Recommendations } from '@hireflow/contracts/interviews';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/** One interviewer's scorecard for one interview: a draft while written, then submitted (and final). */
const scorecardSchema = new Schema(
  {
    customerId: tenantField(),
    interviewId: { type: Schema.Types.ObjectId, ref: 'Interview', required: true },
    applicationId: { type: Schema.Types.ObjectId, required: true },
    candidateId: { type: Schema.Types.ObjectId, required: true },
    jobId: { type: Schema.Types.ObjectId, required: true },
    interviewerId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    ratings: {
      type: [{ _id: false, attributeId: Schema.Types.ObjectId, name: String, rating: { type: Number, min: 1, max: 4, default: null }, note: { type: String, default: '' } }],
      default: [],
    },
    recommendation: { type: String, enum: [...Recommendations, null], default: null },
    notes: { type: String, default: '' },
    // Seen only by the author, the hiring manager, the job's owners and admins.
    privateNotes: { type: String, default: '' },
    status: { type: String, enum: ['draft', 'submitted'], default: 'draft' },
    submittedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
tenantOwned(scorecardSchema);
scorecardSchema.index({ customerId: 1, interviewId: 1, interviewerId: 1 }, { unique: true });
scorecardSchema.index({ customerId: 1, interviewerId: 1, status: 1, submittedAt: -1 });
scorecardSchema.index({ customerId: 1, applicationId: 1 });

export type ScorecardDoc = InferSchemaType<typeof scorecardSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Scorecard = model('Scorecard', scorecardSchema);
