import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { InterviewEventKinds } from '@hireflow/contracts/interviews';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** Append-only history of interviews (scheduled, rescheduled, status changes, feedback): the interview reports read it. */
const interviewEventSchema = new Schema(
  {
    customerId: tenantField(),
    interviewId: { type: Schema.Types.ObjectId, ref: 'Interview', required: true },
    applicationId: { type: Schema.Types.ObjectId, required: true },
    jobId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: InterviewEventKinds, required: true },
    at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    // The interview's start and interviewers after the change; the reason or description of a status.
    data: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false },
);
tenantOwned(interviewEventSchema);
interviewEventSchema.index({ customerId: 1, at: -1 });
interviewEventSchema.index({ customerId: 1, interviewId: 1, at: 1 });
interviewEventSchema.index({ customerId: 1, kind: 1, at: -1 });
// The interview reports filtered by business unit, department, location, job or recruiter: the events of those jobs.
interviewEventSchema.index({ customerId: 1, jobId: 1, at: 1 });

export type InterviewEventDoc = InferSchemaType<typeof interviewEventSchema> & { _id: Types.ObjectId };
export const InterviewEvent = model('InterviewEvent', interviewEventSchema);
