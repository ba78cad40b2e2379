import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { RequisitionStatuses } from '@hireflow/contracts/jobs';
import { tenantField, tenantOwned } from '../../lib/tenancy';
import { positionFields } from './position-fields';

/**
 * A hiring manager's request for a position. `approverIds` is the chain of the current round,
 * `decisions` every decision ever made (append-only); `currentStep` indexes approverIds. The
 * requester never approves their own requisition: their step is left out of approverIds at
 * submission (a `skipped` chain event says so).
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
    round: { type: Number, default: 0 },
    approverIds: { type: [Schema.Types.ObjectId], ref: 'User', default: [] },
    currentStep: { type: Number, default: 0 },
    // Who must decide now (null unless pending): what "waiting for me" lists query.
    currentApproverId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    // Everyone who has decided on it: what "decided by me" lists query.
    deciderIds: { type: [Schema.Types.ObjectId], default: [] },
    submittedAt: { type: Date, default: null },
    decisions: {
      type: [
        {
          round: { type: Number, required: true },
          step: { type: Number, required: true },
          approverId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
          decision: { type: String, enum: ['approved', 'rejected'], required: true },
          comment: { type: String, default: '' },
          at: { type: Date, required: true },
        },
      ],
      default: [],
    },
    // Chain changes that are not decisions (append-only): the requester's own step skipped at
    // submission, the current step handed to someone else by an admin, the requester withdrawing it.
    chainEvents: {
      type: [
        {
          round: { type: Number, required: true },
          step: { type: Number, required: true },
          action: { type: String, enum: ['skipped', 'reassigned', 'withdrawn'], required: true },
          by: { type: Schema.Types.ObjectId, ref: 'User', required: true },
          fromApproverId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
          toApproverId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
          comment: { type: String, default: '' },
          at: { type: Date, required: true },
        },
      ],
      default: [],
    },
  },
  { timestamps: true },
);
tenantOwned(requisitionSchema);
requisitionSchema.index({ customerId: 1, currentApproverId: 1, submittedAt: -1 });
requisitionSchema.index({ customerId: 1, deciderIds: 1, updatedAt: -1 });
requisitionSchema.index({ customerId: 1, requesterId: 1, updatedAt: -1 });

export type RequisitionDoc = InferSchemaType<typeof requisitionSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Requisition = model('Requisition', requisitionSchema);
