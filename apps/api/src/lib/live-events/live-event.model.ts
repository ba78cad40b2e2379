import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { LiveEventKinds } from '@hireflow/contracts/pipeline';
import { tenantField, tenantOwned } from '../tenancy';

/**
 * What changed on a colleague's screen, written in the same transaction as the change itself. Every API
 * instance watches this collection through a change stream and passes each event to its signed-in
 * listeners who may see it; a reconnecting client catches up from here (Last-Event-ID). Kept one day.
 */
const liveEventSchema = new Schema(
  {
    customerId: tenantField(),
    kind: { type: String, enum: LiveEventKinds, required: true },
    at: { type: Date, required: true },
    jobId: { type: Schema.Types.ObjectId, default: null },
    applicationId: { type: Schema.Types.ObjectId, default: null },
    candidateId: { type: Schema.Types.ObjectId, default: null },
    byUserId: { type: Schema.Types.ObjectId, default: null },
    // Who besides recruiters, admins and super users may see it: the job's hiring team when it happened.
    teamIds: { type: [Schema.Types.ObjectId], default: [] },
    data: { type: Schema.Types.Mixed, default: {} },
  },
  { versionKey: false, minimize: false },
);
tenantOwned(liveEventSchema);
liveEventSchema.index({ customerId: 1, _id: 1 });
liveEventSchema.index({ at: 1 }, { expireAfterSeconds: 24 * 3600 });

export type LiveEventDoc = InferSchemaType<typeof liveEventSchema> & { _id: Types.ObjectId };
export const LiveEvent = model('LiveEvent', liveEventSchema);
