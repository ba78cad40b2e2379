import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { OfferEventKinds } from '@hireflow/contracts/offers';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** Append-only: every change of an offer, for its history and the offer and time-to-hire reports. */
const offerEventSchema = new Schema(
  {
    customerId: tenantField(),
    offerId: { type: Schema.Types.ObjectId, ref: 'Offer', required: true },
    applicationId: { type: Schema.Types.ObjectId, required: true },
    jobId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: OfferEventKinds, required: true },
    at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    note: { type: String, default: '' },
    data: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: false },
);
tenantOwned(offerEventSchema);
offerEventSchema.index({ customerId: 1, offerId: 1, at: 1 });
offerEventSchema.index({ customerId: 1, kind: 1, at: 1 });
offerEventSchema.index({ customerId: 1, jobId: 1, at: 1 });

export type OfferEventDoc = InferSchemaType<typeof offerEventSchema> & { _id: Types.ObjectId };
export const OfferEvent = model('OfferEvent', offerEventSchema);
