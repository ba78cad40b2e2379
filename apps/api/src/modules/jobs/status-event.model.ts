import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * Append-only status history of requisitions and jobs (time-to-fill, vacancy ageing). Written in the
 * same transaction as the status change; never updated or deleted.
 */
const statusEventSchema = new Schema(
  {
    customerId: tenantField(),
    entity: { type: String, enum: ['requisition', 'job'], required: true },
    entityId: { type: Schema.Types.ObjectId, required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', default: null },
    from: { type: String, default: null },
    to: { type: String, required: true },
    at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    comment: { type: String, default: '' },
    // Context at the time of the event, so reports need no joins against today's values.
    businessUnitId: { type: Schema.Types.ObjectId, default: null },
    departmentId: { type: Schema.Types.ObjectId, default: null },
  },
  { versionKey: false },
);
tenantOwned(statusEventSchema);
statusEventSchema.index({ customerId: 1, entity: 1, entityId: 1, at: 1 });
statusEventSchema.index({ customerId: 1, entity: 1, to: 1, at: 1 });

export type StatusEventDoc = InferSchemaType<typeof statusEventSchema> & { _id: Types.ObjectId };
export const StatusEvent = model('StatusEvent', statusEventSchema);
