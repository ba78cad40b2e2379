import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { NpsTriggers } from '@hireflow/contracts/reports';
import { tenantField, tenantOwned } from '../../../../lib/tenancy';

/**
 * A one-question survey (0-10 and a comment) mailed to a candidate after a hire, a rejection after an
 * interview, or a withdrawal (nps-survey.job.ts); answered once on the public /survey/:token page. Only the
 * SHA-256 of the token is stored. The job's organisation is copied when the survey is sent, so the NPS
 * report filters by what the job was then, without a join.
 */
const npsSurveySchema = new Schema(
  {
    customerId: tenantField(),
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    jobTitle: { type: String, default: '' },
    trigger: { type: String, enum: NpsTriggers, required: true },
    tokenHash: { type: String, required: true },
    sentAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    answeredAt: { type: Date, default: null },
    score: { type: Number, default: null },
    comment: { type: String, default: '' },
    businessUnitId: { type: Schema.Types.ObjectId, default: null },
    departmentId: { type: Schema.Types.ObjectId, default: null },
    locationId: { type: Schema.Types.ObjectId, default: null },
    recruiterIds: { type: [Schema.Types.ObjectId], default: [] },
  },
  { timestamps: true },
);
tenantOwned(npsSurveySchema);
npsSurveySchema.index({ tokenHash: 1 }, { unique: true });
// One survey per application and trigger, whatever the queue repeats.
npsSurveySchema.index({ customerId: 1, applicationId: 1, trigger: 1 }, { unique: true });
// The NPS report: answers by day, surveys sent by day (response rate).
npsSurveySchema.index({ customerId: 1, answeredAt: 1 });
npsSurveySchema.index({ customerId: 1, sentAt: 1 });

export type NpsSurveyDoc = InferSchemaType<typeof npsSurveySchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const NpsSurvey = model('NpsSurvey', npsSurveySchema);
