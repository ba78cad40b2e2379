import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { RequisitionStatuses } from '@hireflow/contracts/jobs';
import { tenantField, tenantOwned } from '../../lib/tenancy';
import { positionFields } from './position-fields';

/**
 * A hiring manager's request for a position. Its approval chain (kind "vacancy") lives in the approvals
 * module; see vacancy-approval.ts for what the chain's end does to the requisition and its job.
 */
const requisitionSchema = new Schema(
  {
    customerId: tenantField(),
    ...positionFields(),
    justification: { type: String, default: '' },
    headcountJustification: { type: String, default: '' },
    status: { type: String, enum: RequisitionStatuses, default: 'draft' },
    requesterId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', default: null },
    // A copy of who must decide now (null unless pending), kept by the vacancy approval kind: the chain
    // itself (steps, decisions, history) is the requisition's Approval (modules/approvals).
    currentApproverId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(requisitionSchema);
requisitionSchema.index({ customerId: 1, requesterId: 1, updatedAt: -1 });

export type RequisitionDoc = InferSchemaType<typeof requisitionSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Requisition = model('Requisition', requisitionSchema);
