import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ReferralRelationships, RewardEligibilities } from '@hireflow/contracts/referrals';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * An employee's referral of one person to one job. It always points at the job's application of that
 * person (created by the referral with source "referral", or the one that existed: `alreadyKnown`).
 * `credited`: this referral holds the reward credit for the person (the first one within the settings'
 * window); `rewardEligibility` says why not when it cannot earn a reward. Never deleted.
 */
const referralSchema = new Schema(
  {
    customerId: tenantField(),
    referrerId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', required: true },
    // The person as the employee named them (the candidate record may hold other spellings).
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    email: { type: String, required: true, lowercase: true },
    phone: { type: String, default: '' },
    relationship: { type: String, enum: ReferralRelationships, required: true },
    note: { type: String, default: '' },
    campaignId: { type: Schema.Types.ObjectId, ref: 'ReferralCampaign', default: null },
    alreadyKnown: { type: Boolean, required: true },
    credited: { type: Boolean, required: true },
    rewardEligibility: { type: String, enum: RewardEligibilities, required: true },
    referredAt: { type: Date, required: true },
  },
  { timestamps: true },
);
tenantOwned(referralSchema);
// One referral per employee, job and person.
referralSchema.index({ customerId: 1, referrerId: 1, jobId: 1, candidateId: 1 }, { unique: true });
referralSchema.index({ customerId: 1, referrerId: 1, referredAt: -1 });
// Who referred this person first (the credit window), and the referral behind a hire.
referralSchema.index({ customerId: 1, candidateId: 1, referredAt: 1 });
referralSchema.index({ customerId: 1, applicationId: 1 });
referralSchema.index({ customerId: 1, campaignId: 1 });

export type ReferralDoc = InferSchemaType<typeof referralSchema> & { _id: Types.ObjectId; createdAt: Date };
export const Referral = model('Referral', referralSchema);
