import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/** A job's ordered interview rounds; the one with jobId null is the company default new jobs start from. */
const interviewPlanSchema = new Schema(
  {
    customerId: tenantField(),
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', default: null },
    rounds: {
      type: [
        {
          name: { type: String, required: true },
          durationMinutes: { type: Number, required: true },
          interviewerIds: { type: [Schema.Types.ObjectId], default: [] },
          attributeIds: { type: [Schema.Types.ObjectId], default: [] },
        },
      ],
      default: [],
    },
    updatedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(interviewPlanSchema);
interviewPlanSchema.index({ customerId: 1, jobId: 1 }, { unique: true });

export type InterviewPlanDoc = InferSchemaType<typeof interviewPlanSchema> & { _id: Types.ObjectId };
export const InterviewPlan = model('InterviewPlan', interviewPlanSchema);
