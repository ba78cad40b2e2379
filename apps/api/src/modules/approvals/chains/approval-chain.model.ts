import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ApprovalKinds } from '@hireflow/contracts/approvals';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/** Ordered approvers for one kind of approval, for one business unit or (null) the company default. */
const approvalChainSchema = new Schema(
  {
    customerId: tenantField(),
    kind: { type: String, enum: ApprovalKinds, required: true },
    businessUnitId: { type: Schema.Types.ObjectId, ref: 'BusinessUnit', default: null },
    approverIds: { type: [Schema.Types.ObjectId], ref: 'User', default: [] },
    updatedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(approvalChainSchema);
approvalChainSchema.index({ customerId: 1, kind: 1, businessUnitId: 1 }, { unique: true });

export type ApprovalChainDoc = InferSchemaType<typeof approvalChainSchema> & { _id: Types.ObjectId };
export const ApprovalChain = model('ApprovalChain', approvalChainSchema);
