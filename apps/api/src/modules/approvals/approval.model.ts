import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ApprovalKinds, ApprovalStatuses } from '@hireflow/contracts/approvals';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * The approval of one subject (a requisition, an offer, an agency): one document per subject across
 * every round. `approverIds` is the chain of the current round and `currentStep` indexes it;
 * `decisions` and `events` keep every round (append-only). The requester never approves their own
 * request: their step is left out of approverIds at submission (a `skipped` event says so).
 */
const approvalSchema = new Schema(
  {
    customerId: tenantField(),
    kind: { type: String, enum: ApprovalKinds, required: true },
    subjectId: { type: Schema.Types.ObjectId, required: true },
    businessUnitId: { type: Schema.Types.ObjectId, ref: 'BusinessUnit', default: null },
    requesterId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    // What lists show without reading the subject; the kind sets them at each submission.
    title: { type: String, default: '' },
    detail: { type: String, default: '' },
    status: { type: String, enum: ApprovalStatuses, default: 'pending' },
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
    // Chain changes that are not decisions: submitted, the requester's own step skipped, a step handed to
    // someone else by an admin, the requester withdrawing it, the subject cancelling it.
    events: {
      type: [
        {
          round: { type: Number, required: true },
          step: { type: Number, required: true },
          action: { type: String, enum: ['submitted', 'skipped', 'reassigned', 'withdrawn', 'cancelled'], required: true },
          by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
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
tenantOwned(approvalSchema);
approvalSchema.index({ customerId: 1, kind: 1, subjectId: 1 }, { unique: true });
approvalSchema.index({ customerId: 1, currentApproverId: 1, kind: 1, submittedAt: -1 });
approvalSchema.index({ customerId: 1, deciderIds: 1, kind: 1, updatedAt: -1 });
approvalSchema.index({ customerId: 1, requesterId: 1, kind: 1, updatedAt: -1 });

export type ApprovalDoc = InferSchemaType<typeof approvalSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export type ApprovalEvent = ApprovalDoc['events'][number];
export const Approval = model('Approval', approvalSchema);
