import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { PlanIds } from '@hireflow/contracts/billing';
import { PromoKinds } from '@hireflow/contracts/billing-subscription';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A discount code of the platform (/superadmin/promos): not tenant-owned. `code` is stored in capitals, so
 * its unique index makes codes unique whatever their case. usesSoFar only grows, by a conditional $inc in
 * the transaction that records the company's redemption, so concurrent applications cannot exceed maxUses.
 */
const promoSchema = new Schema(
  {
    code: { type: String, required: true, trim: true, uppercase: true },
    kind: { type: String, enum: PromoKinds, required: true },
    value: { type: Number, required: true },
    plans: { type: [{ type: String, enum: PlanIds }], default: [] },
    validFrom: { type: Date, default: null },
    validTo: { type: Date, default: null },
    maxUses: { type: Number, default: null },
    usesSoFar: { type: Number, default: 0 },
    active: { type: Boolean, default: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
promoSchema.index({ code: 1 }, { unique: true });
promoSchema.index({ createdAt: -1, _id: -1 });

export type PromoDoc = InferSchemaType<typeof promoSchema> & { _id: Types.ObjectId; createdAt: Date };
export const Promo = model('Promo', promoSchema);

/** One company's use of one code: the unique index is "one use per company". */
const promoRedemptionSchema = new Schema(
  {
    customerId: tenantField(),
    promoId: { type: Schema.Types.ObjectId, ref: 'Promo', required: true },
    redeemedBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
promoRedemptionSchema.index({ customerId: 1, promoId: 1 }, { unique: true });
tenantOwned(promoRedemptionSchema);

export const PromoRedemption = model('PromoRedemption', promoRedemptionSchema);
