import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ReferralAudienceKinds, ReferralCampaignStatuses } from '@hireflow/contracts/referrals';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** A mail to employees promoting open jobs (/referral-campaign), sent by the background queue. */
const referralCampaignSchema = new Schema(
  {
    customerId: tenantField(),
    subject: { type: String, required: true },
    message: { type: String, required: true },
    jobIds: { type: [Schema.Types.ObjectId], ref: 'Job', default: [] },
    audience: {
      kind: { type: String, enum: ReferralAudienceKinds, required: true },
      departmentIds: { type: [Schema.Types.ObjectId], default: [] },
      locationIds: { type: [Schema.Types.ObjectId], default: [] },
      businessUnitIds: { type: [Schema.Types.ObjectId], default: [] },
    },
    status: { type: String, enum: ReferralCampaignStatuses, default: 'queued' },
    recipients: { type: Number, default: 0 },
    sent: { type: Number, default: 0 },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    sentAt: { type: Date, default: null },
  },
  { timestamps: true },
);
tenantOwned(referralCampaignSchema);
referralCampaignSchema.index({ customerId: 1, createdAt: -1 });

export type ReferralCampaignDoc = InferSchemaType<typeof referralCampaignSchema> & { _id: Types.ObjectId; createdAt: Date };
export const ReferralCampaign = model('ReferralCampaign', referralCampaignSchema);
