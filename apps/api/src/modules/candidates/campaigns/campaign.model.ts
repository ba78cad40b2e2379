import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { CampaignStatuses, RecipientStatuses } from '@hireflow/contracts/candidates-campaigns';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

const totalsSchema = new Schema(
  {
    recipients: { type: Number, default: 0 },
    queued: { type: Number, default: 0 },
    sent: { type: Number, default: 0 },
    failed: { type: Number, default: 0 },
    bounced: { type: Number, default: 0 },
    skipped_unsubscribed: { type: Number, default: 0 },
  },
  { _id: false },
);

/**
 * One email to many candidates. Subject and body keep their merge fields; each recipient's mail is
 * rendered when it goes out. `totals` is recounted from the recipients after every change.
 */
const campaignSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    subject: { type: String, required: true },
    body: { type: String, required: true },
    templateId: { type: Schema.Types.ObjectId, ref: 'MailTemplate', default: null },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', default: null },
    status: { type: String, enum: CampaignStatuses, required: true, default: 'draft' },
    scheduledAt: { type: Date, default: null },
    startedAt: { type: Date, default: null },
    sentAt: { type: Date, default: null },
    cancelledAt: { type: Date, default: null },
    totals: { type: totalsSchema, default: () => ({}) },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** A shared sending address (connected by an admin) the mails go out from; null: the author's own mailbox. */
    sendFrom: { type: String, default: null },
  },
  { timestamps: true, versionKey: false },
);
tenantOwned(campaignSchema);
campaignSchema.index({ customerId: 1, createdAt: -1 });

export type CampaignDoc = InferSchemaType<typeof campaignSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Campaign = model('Campaign', campaignSchema);

/** One candidate of a campaign and what became of their mail. */
const campaignRecipientSchema = new Schema(
  {
    customerId: tenantField(),
    campaignId: { type: Schema.Types.ObjectId, ref: 'Campaign', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    name: { type: String, default: '' },
    email: { type: String, default: '' },
    status: { type: String, enum: RecipientStatuses, required: true, default: 'queued' },
    /** Attempts that failed for a passing reason (SMTP 4xx, unreachable); after a few it is marked failed. */
    attempts: { type: Number, default: 0 },
    sentAt: { type: Date, default: null },
    /** Set just before the mail is handed to the mailer: a claim that no second run sends it again. */
    sendingAt: { type: Date, default: null },
    error: { type: String, default: '' },
  },
  { versionKey: false },
);
tenantOwned(campaignRecipientSchema);
campaignRecipientSchema.index({ customerId: 1, campaignId: 1, candidateId: 1 }, { unique: true });
campaignRecipientSchema.index({ customerId: 1, campaignId: 1, status: 1, _id: 1 });

export type CampaignRecipientDoc = InferSchemaType<typeof campaignRecipientSchema> & { _id: Types.ObjectId };
export const CampaignRecipient = model('CampaignRecipient', campaignRecipientSchema);
