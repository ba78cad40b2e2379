import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A company's list of rejection reasons (company settings). A rejection stores the label as it was, so
 * renaming or retiring a reason never rewrites history; a retired reason is no longer offered.
 */
const rejectionReasonSchema = new Schema(
  {
    customerId: tenantField(),
    label: { type: String, required: true, trim: true },
    labelKey: { type: String, required: true },
    active: { type: Boolean, default: true },
    position: { type: Number, default: 0 },
    // Keys of the labels it had before a rename: past rejections under an old label still count as its uses.
    formerKeys: { type: [String], default: [] },
  },
  { timestamps: true },
);
tenantOwned(rejectionReasonSchema);
rejectionReasonSchema.index({ customerId: 1, labelKey: 1 }, { unique: true });
rejectionReasonSchema.index({ customerId: 1, position: 1 });

export type RejectionReasonDoc = InferSchemaType<typeof rejectionReasonSchema> & { _id: Types.ObjectId };
export const RejectionReason = model('RejectionReason', rejectionReasonSchema);
