import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { RewardStatuses } from '@hireflow/contracts/referral-rewards';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * The reward a credited referral earned when its person was hired: pending until `payableOn` (the hire's
 * start date plus the waiting period; the background queue moves it to payable), then approved and paid
 * by an admin, or forfeited (the hire left before). Amount in integer minor units of `currency`.
 */
const referralRewardSchema = new Schema(
  {
    customerId: tenantField(),
    referralId: { type: Schema.Types.ObjectId, ref: 'Referral', required: true },
    referrerId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    candidateName: { type: String, default: '' },
    jobTitle: { type: String, default: '' },
    currency: { type: String, required: true },
    amountMinor: { type: Number, required: true, validate: { validator: Number.isSafeInteger, message: 'money is kept in whole minor units' } },
    status: { type: String, enum: RewardStatuses, required: true, default: 'pending' },
    hiredAt: { type: Date, required: true },
    // YYYY-MM-DD: the hire's start date (the accepted offer's, else the hire's day) and the first payable day.
    startDate: { type: String, required: true },
    payableOn: { type: String, required: true },
    approvedAt: { type: Date, default: null },
    approvedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    paidAt: { type: Date, default: null },
    paidBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    forfeitedAt: { type: Date, default: null },
    forfeitedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    forfeitReason: { type: String, default: '' },
  },
  { timestamps: true },
);
tenantOwned(referralRewardSchema);
referralRewardSchema.index({ customerId: 1, referralId: 1 }, { unique: true });
referralRewardSchema.index({ customerId: 1, status: 1, createdAt: -1 });
referralRewardSchema.index({ customerId: 1, referrerId: 1, createdAt: -1 });
// The sweep: pending rewards whose waiting period is over.
referralRewardSchema.index({ status: 1, payableOn: 1 });

export type ReferralRewardDoc = InferSchemaType<typeof referralRewardSchema> & { _id: Types.ObjectId; createdAt: Date };
export const ReferralReward = model('ReferralReward', referralRewardSchema);
