import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

export const CampaignRecipientStatuses = ['queued', 'sending', 'sent', 'failed', 'interrupted'] as const;

/**
 * One employee a referral campaign goes to. A row per campaign and user (unique), claimed ('sending')
 * before the mail goes out, so a send repeated after a crash never mails anyone twice: a claim left by a
 * run that died is marked 'interrupted', not sent again.
 */
const recipientSchema = new Schema(
  {
    customerId: tenantField(),
    campaignId: { type: Schema.Types.ObjectId, ref: 'ReferralCampaign', required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    status: { type: String, enum: CampaignRecipientStatuses, default: 'queued' },
    sentAt: { type: Date, default: null },
    error: { type: String, default: '' },
  },
  { versionKey: false },
);
tenantOwned(recipientSchema);
recipientSchema.index({ customerId: 1, campaignId: 1, userId: 1 }, { unique: true });
recipientSchema.index({ customerId: 1, campaignId: 1, status: 1, _id: 1 });

export type ReferralCampaignRecipientDoc = InferSchemaType<typeof recipientSchema> & { _id: Types.ObjectId };
export const ReferralCampaignRecipient = model('ReferralCampaignRecipient', recipientSchema);
