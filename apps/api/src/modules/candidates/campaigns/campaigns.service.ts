import { PrivacyPages } from '@hireflow/contracts/privacy';
import { Types } from 'mongoose';
import type { z } from 'zod';
import {
  CampaignLimits,
  type TCampaign,
  type TCampaignList,
  type TCampaignPreview,
  type TCampaignStatus,
  type TCampaignSummary,
  type TCampaignTotals,
  type TRecipientStatus,
  ZCreateCampaignRequest,
  ZUpdateCampaignRequest,
} from '@hireflow/contracts/candidates-campaigns';
import { mergeFieldsIn, type TMergeField } from '@hireflow/contracts/mail-templates';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../lib/auth';
import { enqueueJob } from '../../../lib/job-queue';
import { IntegrationMessages } from '@hireflow/contracts/integrations';
import { Job } from '../../jobs/job.model';
import { findConnection } from '../../integrations/connections/connections';
import { User } from '../../users/user.model';
import { findTemplate } from '../../mail/mail-templates.service';
import { assertKnownMergeFields } from '../../mail/merge-fields';
import { Candidate } from '../candidate.model';
import { assertManagesCandidates, candidateViewOf, visibleCandidatesFilter } from '../candidates.access';
import { Campaign, CampaignRecipient, type CampaignDoc, type CampaignRecipientDoc } from './campaign.model';
import { campaignMergeContext, renderCampaignMail } from './campaign-mail';
import { CampaignBatchJobName, type CampaignBatchPayload } from './campaign-sending';
import { refreshTotals } from './campaign-totals';

export type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };
type CreateInput = z.output<typeof ZCreateCampaignRequest>;
type MessageInput = z.output<typeof ZUpdateCampaignRequest>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function findCampaign(auth: Caller, id: string): Promise<CampaignDoc> {
  assertManagesCandidates(auth.user);
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Campaign');
  const campaign = await Campaign.findOne({ customerId: auth.customerId, _id: new Types.ObjectId(id) }).lean<CampaignDoc>();
  if (!campaign) throw AppError.notFound('Campaign');
  return campaign;
}

/** The message's checks: known merge fields, a template and a job of this company. */
async function checkMessage(auth: Caller, input: MessageInput) {
  assertKnownMergeFields(input.subject, input.body);
  if (input.templateId) await findTemplate(auth.customerId, input.templateId);
  if (input.sendFrom && !(await findConnection(auth.customerId, 'mailbox', { owner: 'shared', sharedEmail: input.sendFrom }))) {
    throw AppError.badRequest(IntegrationMessages.sharedAddressNotConnected(input.sendFrom));
  }
  const used = mergeFieldsIn(input.subject, input.body);
  const uses = (field: TMergeField) => used.has(field);
  const jobFields = (['job.title', 'job.link'] as const).filter(uses);
  if (!input.jobId) {
    if (jobFields.length) throw AppError.badRequest(`Choose a job: the message uses ${jobFields.map((f) => `{{${f}}}`).join(' and ')}.`);
    return;
  }
  const job = await Job.findOne({ customerId: auth.customerId, _id: new Types.ObjectId(input.jobId) }, { title: 1, status: 1, published: 1 }).lean<{ title: string; status: string; published: boolean }>();
  if (!job) throw AppError.notFound('Job');
  if (uses('job.link') && !(job.published && job.status === 'open')) {
    throw AppError.badRequest(`"${job.title}" is not on your career site, so {{job.link}} would lead nowhere. Publish it first or choose another job.`);
  }
}

/**
 * Adds candidates to a draft: every id must be a candidate the caller sees (else 400 naming how many are
 * not); those without an email are left out (counted), those unsubscribed are added as skipped.
 */
async function addCandidates(auth: Caller, campaignId: Types.ObjectId, candidateIds: string[]) {
  const ids = [...new Set(candidateIds)].map((id) => new Types.ObjectId(id));
  const view = await candidateViewOf(auth);
  const found = await Candidate.find({ ...visibleCandidatesFilter(auth.customerId, view), _id: { $in: ids } }, { firstName: 1, lastName: 1, email: 1, unsubscribedAt: 1 }).lean();
  if (found.length < ids.length) {
    const seen = new Set(found.map((c) => String(c._id)));
    const missing = ids.map(String).filter((id) => !seen.has(id));
    throw AppError.badRequest(`${missing.length} of the picked candidates ${missing.length === 1 ? 'is' : 'are'} not in your candidate database.`, { missingCandidateIds: missing });
  }
  const existing = await CampaignRecipient.countDocuments({ customerId: auth.customerId, campaignId });
  const withEmail = found.filter((c) => c.email);
  if (existing + withEmail.length > CampaignLimits.maxRecipients) throw AppError.badRequest(`A campaign may have at most ${CampaignLimits.maxRecipients} recipients.`);
  const docs = withEmail.map((c) => ({
    customerId: auth.customerId,
    campaignId,
    candidateId: c._id,
    name: `${c.firstName} ${c.lastName ?? ''}`.trim(),
    email: c.email,
    status: (c.unsubscribedAt ? 'skipped_unsubscribed' : 'queued') as TRecipientStatus,
  }));
  if (docs.length) {
    await CampaignRecipient.insertMany(docs, { ordered: false }).catch((error: { writeErrors?: { code?: number; err?: { code?: number } }[] }) => {
      // Already a recipient: adding them again changes nothing.
      if (!(error.writeErrors ?? []).every((w) => (w.code ?? w.err?.code) === 11000)) throw error;
    });
  }
  return { skippedNoEmail: found.length - withEmail.length };
}

export async function createCampaign(auth: Caller, input: CreateInput): Promise<TCampaign> {
  assertManagesCandidates(auth.user);
  await checkMessage(auth, input);
  const { candidateIds, ...message } = input;
  const campaign = await Campaign.create({
    customerId: auth.customerId,
    ...message,
    templateId: message.templateId ? new Types.ObjectId(message.templateId) : null,
    jobId: message.jobId ? new Types.ObjectId(message.jobId) : null,
    createdBy: auth.user._id,
  });
  try {
    const { skippedNoEmail } = await addCandidates(auth, campaign._id, candidateIds);
    await refreshTotals(auth.customerId, campaign._id);
    return { ...(await getCampaign(auth, String(campaign._id))), skippedNoEmail };
  } catch (error) {
    // Nothing half-made: a refused recipient list leaves no empty campaign behind.
    await CampaignRecipient.deleteMany({ customerId: auth.customerId, campaignId: campaign._id });
    await Campaign.deleteOne({ customerId: auth.customerId, _id: campaign._id });
    throw error;
  }
}

function assertDraft(campaign: CampaignDoc) {
  if (campaign.status !== 'draft') throw AppError.conflict('Only a draft campaign can be changed.');
}

export async function updateCampaign(auth: Caller, id: string, input: MessageInput): Promise<TCampaign> {
  const campaign = await findCampaign(auth, id);
  assertDraft(campaign);
  await checkMessage(auth, input);
  await Campaign.updateOne(
    { customerId: auth.customerId, _id: campaign._id, status: 'draft' },
    { $set: { ...input, templateId: input.templateId ? new Types.ObjectId(input.templateId) : null, jobId: input.jobId ? new Types.ObjectId(input.jobId) : null } },
  );
  return getCampaign(auth, id);
}

export async function addRecipients(auth: Caller, id: string, candidateIds: string[]): Promise<TCampaign> {
  const campaign = await findCampaign(auth, id);
  assertDraft(campaign);
  const { skippedNoEmail } = await addCandidates(auth, campaign._id, candidateIds);
  await refreshTotals(auth.customerId, campaign._id);
  return { ...(await getCampaign(auth, id)), skippedNoEmail };
}

async function creatorsOf(customerId: Types.ObjectId, campaigns: CampaignDoc[]) {
  const ids = [...new Set(campaigns.flatMap((c) => (c.createdBy ? [String(c.createdBy)] : [])))].map((id) => new Types.ObjectId(id));
  const users = ids.length ? await User.find({ customerId, _id: { $in: ids } }, { firstName: 1, lastName: 1 }).lean() : [];
  return new Map(users.map((u) => [String(u._id), { id: String(u._id), name: `${u.firstName} ${u.lastName ?? ''}`.trim() }]));
}

function presentSummary(c: CampaignDoc, creators: Map<string, { id: string; name: string }>): TCampaignSummary {
  const t = (c.totals ?? {}) as Partial<TCampaignTotals>;
  return {
    id: String(c._id),
    name: c.name,
    subject: c.subject,
    status: c.status as TCampaignStatus,
    totals: { recipients: t.recipients ?? 0, queued: t.queued ?? 0, sent: t.sent ?? 0, failed: t.failed ?? 0, bounced: t.bounced ?? 0, skipped_unsubscribed: t.skipped_unsubscribed ?? 0 },
    scheduledAt: iso(c.scheduledAt),
    sentAt: iso(c.sentAt),
    createdAt: c.createdAt.toISOString(),
    createdBy: c.createdBy ? (creators.get(String(c.createdBy)) ?? null) : null,
  };
}

export async function listCampaigns(auth: Caller): Promise<TCampaignList> {
  assertManagesCandidates(auth.user);
  const filter = { customerId: auth.customerId };
  const [rows, total] = await Promise.all([
    Campaign.find(filter, { body: 0 }).sort({ createdAt: -1, _id: -1 }).limit(CampaignLimits.listPageSize).lean<CampaignDoc[]>(),
    Campaign.countDocuments(filter),
  ]);
  const creators = await creatorsOf(auth.customerId, rows);
  return { items: rows.map((c) => presentSummary(c, creators)), total };
}

export async function getCampaign(auth: Caller, id: string, page = 1): Promise<TCampaign> {
  const campaign = await findCampaign(auth, id);
  const pageSize = CampaignLimits.recipientPageSize;
  const filter = { customerId: auth.customerId, campaignId: campaign._id };
  const [recipients, total, creators, job] = await Promise.all([
    CampaignRecipient.find(filter).sort({ _id: 1 }).skip((page - 1) * pageSize).limit(pageSize).lean<CampaignRecipientDoc[]>(),
    CampaignRecipient.countDocuments(filter),
    creatorsOf(auth.customerId, [campaign]),
    campaign.jobId ? Job.findOne({ customerId: auth.customerId, _id: campaign.jobId }).lean<{ _id: Types.ObjectId; title: string }>() : null,
  ]);
  return {
    ...presentSummary(campaign, creators),
    body: campaign.body,
    templateId: campaign.templateId ? String(campaign.templateId) : null,
    job: job ? { id: String(job._id), title: job.title } : null,
    sendFrom: campaign.sendFrom ?? null,
    recipients: {
      items: recipients.map((r) => ({ candidateId: String(r.candidateId), name: r.name, email: r.email, status: r.status as TRecipientStatus, sentAt: iso(r.sentAt), error: r.error })),
      total,
      page,
      pageSize,
    },
  };
}

/** The mail one recipient would get (the first recipient when none is named). */
export async function previewCampaign(auth: Caller, config: Config, id: string, candidateId?: string): Promise<TCampaignPreview> {
  const campaign = await findCampaign(auth, id);
  const recipient = await CampaignRecipient.findOne({ customerId: auth.customerId, campaignId: campaign._id, ...(candidateId ? { candidateId: new Types.ObjectId(candidateId) } : {}) })
    .sort({ _id: 1 })
    .lean<CampaignRecipientDoc>();
  if (!recipient) throw AppError.notFound('Recipient');
  const candidate = await Candidate.findOne({ customerId: auth.customerId, _id: recipient.candidateId }, { firstName: 1, lastName: 1, email: 1, customerId: 1 }).lean();
  if (!candidate) throw AppError.notFound('Recipient');
  const context = await campaignMergeContext(config, campaign);
  // The preview shows where the recipient's personal privacy link goes without making one.
  const mail = renderCampaignMail(config, campaign, context, { ...candidate, customerId: auth.customerId }, `${config.publicUrl}${PrivacyPages.page('(personal link)')}`);
  return { candidateId: String(candidate._id), to: mail.to, subject: mail.subject, html: mail.html, text: mail.text };
}

/** Send now (the first batch is queued at once) or at `scheduledAt` (a later time; an earlier one means now). */
export async function sendCampaign(auth: Caller, id: string, scheduledAt: string | null, now: Date): Promise<TCampaign> {
  const campaign = await findCampaign(auth, id);
  assertDraft(campaign);
  const totals = await refreshTotals(auth.customerId, campaign._id);
  if (totals.recipients === 0) throw AppError.badRequest('Add at least one recipient before sending.');
  const at = scheduledAt ? new Date(scheduledAt) : null;
  const later = at && at.getTime() > now.getTime();
  const status: TCampaignStatus = later ? 'scheduled' : 'sending';
  const res = await Campaign.updateOne(
    { customerId: auth.customerId, _id: campaign._id, status: 'draft' },
    { $set: { status, scheduledAt: later ? at : null, startedAt: later ? null : now } },
  );
  if (res.modifiedCount === 0) throw AppError.conflict('Only a draft campaign can be sent.');
  const payload: CampaignBatchPayload = { campaignId: String(campaign._id), customerId: String(auth.customerId), batch: 1 };
  await enqueueJob(CampaignBatchJobName, payload, { runAt: later ? at : now, dedupeKey: `campaign-batch:${payload.campaignId}:1`, customerId: auth.customerId, requestedBy: auth.user._id });
  return getCampaign(auth, id);
}

/** Stops a scheduled campaign, or what is left of one being sent; mail already sent stays sent. */
export async function cancelCampaign(auth: Caller, id: string, now: Date): Promise<TCampaign> {
  const campaign = await findCampaign(auth, id);
  const res = await Campaign.updateOne(
    { customerId: auth.customerId, _id: campaign._id, status: { $in: ['scheduled', 'sending'] } },
    { $set: { status: 'cancelled', cancelledAt: now } },
  );
  if (res.modifiedCount === 0) throw AppError.conflict('Only a scheduled campaign or one being sent can be cancelled.');
  return getCampaign(auth, id);
}
