import { z } from 'zod';
import { ZEmail, ZObjectId, zMultilineText, zText } from './common';
import { MailTemplateLimits } from './mail-templates';

// ---------------------------------------------------------------------------------------------
// Campaigns (issue 13): one email to many candidates, sent by the background queue at a bounded rate.
// ---------------------------------------------------------------------------------------------

export const CampaignStatuses = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type TCampaignStatus = (typeof CampaignStatuses)[number];
export const CampaignStatusLabels: Record<TCampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const RecipientStatuses = ['queued', 'sent', 'failed', 'bounced', 'skipped_unsubscribed'] as const;
export type TRecipientStatus = (typeof RecipientStatuses)[number];
export const RecipientStatusLabels: Record<TRecipientStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  bounced: 'Bounced',
  skipped_unsubscribed: 'Unsubscribed (skipped)',
};

export const CampaignLimits = {
  /** Candidates added in one request (a new campaign, or more recipients on a draft). */
  maxCandidateIds: 1000,
  /** Recipients of one campaign in all. */
  maxRecipients: 5000,
  recipientPageSize: 50,
  listPageSize: 50,
} as const;

export const CampaignsApi = {
  campaigns: '/api/campaigns',
  campaign: '/api/campaigns/:id',
  recipients: '/api/campaigns/:id/recipients',
  preview: '/api/campaigns/:id/preview',
  send: '/api/campaigns/:id/send',
  cancel: '/api/campaigns/:id/cancel',
  unsubscribe: '/api/campaigns/unsubscribe/:token',
} as const;

export const campaignPath = (id: string, sub: '' | 'recipients' | 'preview' | 'send' | 'cancel' = '') => `/api/campaigns/${id}${sub ? `/${sub}` : ''}`;

const ZCandidateIds = z
  .array(ZObjectId)
  .min(1, { error: 'pick at least one candidate' })
  .max(CampaignLimits.maxCandidateIds, { error: `may hold at most ${CampaignLimits.maxCandidateIds} candidates` });

const ZMessage = {
  name: zText().trim().min(1, { error: 'is required' }).max(MailTemplateLimits.nameMax, { error: 'is too long' }),
  subject: zText().trim().min(1, { error: 'is required' }).max(MailTemplateLimits.subjectMax, { error: 'is too long' }),
  body: zMultilineText().trim().min(1, { error: 'is required' }).max(MailTemplateLimits.bodyMax, { error: 'is too long' }),
  templateId: ZObjectId.nullable().default(null),
  jobId: ZObjectId.nullable().default(null),
  /** A shared sending address of the company (e.g. careers@) the campaign goes out from; null: from the author's own mailbox. */
  sendFrom: ZEmail.nullable().default(null),
};

export const ZCreateCampaignRequest = z.object({ ...ZMessage, candidateIds: ZCandidateIds });
export type TCreateCampaignRequest = z.input<typeof ZCreateCampaignRequest>;
export const ZUpdateCampaignRequest = z.object(ZMessage);
export type TUpdateCampaignRequest = z.input<typeof ZUpdateCampaignRequest>;
export const ZAddRecipientsRequest = z.object({ candidateIds: ZCandidateIds });
export const ZSendCampaignRequest = z.object({ scheduledAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable().default(null) });
export type TSendCampaignRequest = z.input<typeof ZSendCampaignRequest>;
export const ZCampaignPageQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export const ZPreviewQuery = z.object({ candidateId: ZObjectId.optional() });

export const ZCampaignTotals = z.object({
  recipients: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  bounced: z.number(),
  skipped_unsubscribed: z.number(),
});
export type TCampaignTotals = z.infer<typeof ZCampaignTotals>;

export const ZCampaignSummary = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  status: z.enum(CampaignStatuses),
  totals: ZCampaignTotals,
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TCampaignSummary = z.infer<typeof ZCampaignSummary>;
export const ZCampaignList = z.object({ items: z.array(ZCampaignSummary), total: z.number() });
export type TCampaignList = z.infer<typeof ZCampaignList>;

export const ZCampaignRecipient = z.object({
  candidateId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(RecipientStatuses),
  sentAt: z.string().nullable(),
  error: z.string(),
});
export type TCampaignRecipient = z.infer<typeof ZCampaignRecipient>;

export const ZCampaign = ZCampaignSummary.extend({
  body: z.string(),
  templateId: z.string().nullable(),
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The shared sending address it goes out from (null: the author's mailbox when connected, else the company's mail server). */
  sendFrom: z.string().nullable().optional(),
  recipients: z.object({ items: z.array(ZCampaignRecipient), total: z.number(), page: z.number(), pageSize: z.number() }),
  /** Picked candidates left out: no email address (they cannot receive mail). */
  skippedNoEmail: z.number().optional(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignPreview = z.object({ candidateId: z.string(), to: z.string(), subject: z.string(), html: z.string(), text: z.string() });
export type TCampaignPreview = z.infer<typeof ZCampaignPreview>;

export const ZUnsubscribeResult = z.object({ unsubscribed: z.boolean(), message: z.string() });
export const UnsubscribeMessages = {
  done: 'You are unsubscribed: you will get no more campaign mails from us.',
  invalid: 'This unsubscribe link is not valid.',
} as const;
