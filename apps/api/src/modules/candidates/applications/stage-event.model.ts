import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { StageKinds } from '@hireflow/contracts/jobs';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * Append-only stage history of applications (velocity, bottleneck, history-pipeline, time-to-hire,
 * reject-analysis). The first event of an application has `fromStageId` null.
 */
const stageEventSchema = new Schema(
  {
    customerId: tenantField(),
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    fromStageId: { type: Schema.Types.ObjectId, default: null },
    fromKind: { type: String, enum: [...StageKinds, null], default: null },
    toStageId: { type: Schema.Types.ObjectId, required: true },
    toKind: { type: String, enum: StageKinds, required: true },
    at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    reason: { type: String, default: '' },
    // The candidate withdrew (into a rejected stage): reports keep it apart from a rejection.
    withdrawn: { type: Boolean, default: false },
    // The application's source (reports filter by it without a join) and, on its first move into a
    // hired stage, the time to hire in calendar days (reports/tallies/stage-tallies).
    source: { type: String, default: null },
    daysToHire: { type: Number, default: null },
  },
  { versionKey: false },
);
tenantOwned(stageEventSchema);
stageEventSchema.index({ customerId: 1, applicationId: 1, at: 1 });
stageEventSchema.index({ customerId: 1, jobId: 1, at: 1 });
stageEventSchema.index({ customerId: 1, toKind: 1, at: 1 });
stageEventSchema.index({ customerId: 1, at: 1 });

export type StageEventDoc = InferSchemaType<typeof stageEventSchema> & { _id: Types.ObjectId };
export const StageEvent = model('StageEvent', stageEventSchema);
