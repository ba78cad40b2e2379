import { createPrivacyLink } from '../../privacy/privacy-link';
import { Types } from 'mongoose';
import { enqueueJob, type JobDefinition } from '../../../lib/job-queue';
import { sendMail, type MailSender } from '../../../lib/mailer';
import { Candidate } from '../candidate.model';
import { recordCandidateActivity, type CandidateActivityInput } from '../candidate-activity';
import { Campaign, CampaignRecipient, type CampaignDoc, type CampaignRecipientDoc } from './campaign.model';
import { campaignMergeContext, renderCampaignMail } from './campaign-mail';
import { refreshTotals } from './campaign-totals';

/**
 * The sending rate: one batch job sends at most `batchSize` mails, then queues the next batch
 * `intervalMs` later (by the worker's clock). 20 a minute is 1,200 an hour, well under what SMTP relays
 * accept without throttling a sender.
 */
export const CampaignSending = { batchSize: 20, intervalMs: 60_000, maxAttemptsPerRecipient: 3, staleClaimMs: 10 * 60_000 } as const;

export const InterruptedSendMessage = 'Sending was interrupted; the mail is not sent again so nobody gets it twice.';

/**
 * Whose mailbox a campaign goes out from: the shared address it names, else the user who made it (each
 * when connected; the company's mail server otherwise).
 */
function campaignSender(campaign: Pick<CampaignDoc, 'customerId' | 'createdBy' | 'sendFrom'>): { sendAs?: MailSender } {
  const customerId = String(campaign.customerId);
  if (campaign.sendFrom) return { sendAs: { customerId, sharedEmail: campaign.sendFrom } };
  return campaign.createdBy ? { sendAs: { customerId, userId: String(campaign.createdBy) } } : {};
}

export const CampaignBatchJobName = 'campaign.send-batch';
export type CampaignBatchPayload = { campaignId: string; customerId: string; batch: number };

/**
 * One batch of a campaign: the next queued recipients in order. An unsubscribed candidate is skipped;
 * a mail the server refuses for good (5xx) is bounced; one that fails for a passing reason stays
 * queued for the next batch, up to a few attempts, then is failed. Each sent mail lands on the
 * candidate's timeline. Each recipient is claimed (`sendingAt`) before their mail goes out, so a batch
 * repeated after a crash never mails anyone twice: a claim left by a run that died is marked failed
 * (at most once), and a fresh claim belongs to a run still going.
 */
export const CampaignBatchJob: JobDefinition<CampaignBatchPayload> = {
  name: CampaignBatchJobName,
  maxAttempts: 5,
  async handler(payload, ctx) {
    const customerId = new Types.ObjectId(payload.customerId);
    const campaignId = new Types.ObjectId(payload.campaignId);
    const campaign = await Campaign.findOne({ customerId, _id: campaignId }).lean<CampaignDoc>();
    if (!campaign || (campaign.status !== 'scheduled' && campaign.status !== 'sending')) return { sent: 0, stopped: campaign?.status ?? 'gone' };
    const now = ctx.now();
    if (campaign.status === 'scheduled') {
      await Campaign.updateOne({ customerId, _id: campaignId, status: 'scheduled' }, { $set: { status: 'sending', startedAt: now } });
    }

    const recipients = await CampaignRecipient.find({ customerId, campaignId, status: 'queued' }).sort({ _id: 1 }).limit(CampaignSending.batchSize).lean<CampaignRecipientDoc[]>();
    const candidates = await Candidate.find({ customerId, _id: { $in: recipients.map((r) => r.candidateId) } }, { firstName: 1, lastName: 1, email: 1, unsubscribedAt: 1, mergedIntoId: 1 }).lean();
    const byId = new Map(candidates.map((c) => [String(c._id), c]));
    const context = await campaignMergeContext(ctx.config, campaign);
    const activities: CandidateActivityInput[] = [];
    let sent = 0;

    for (const r of recipients) {
      if (ctx.signal.aborted) break;
      const candidate = byId.get(String(r.candidateId));
      const set = (fields: Record<string, unknown>) => CampaignRecipient.updateOne({ customerId, _id: r._id, status: 'queued' }, { $set: { ...fields, sendingAt: null } });
      if (r.sendingAt) {
        if (ctx.now().getTime() - r.sendingAt.getTime() >= CampaignSending.staleClaimMs) await set({ status: 'failed', error: InterruptedSendMessage });
        continue;
      }
      if (!candidate || candidate.mergedIntoId || !candidate.email) {
        await set({ status: 'failed', error: 'The candidate is no longer in the database or has no email address.' });
        continue;
      }
      if (candidate.unsubscribedAt) {
        await set({ status: 'skipped_unsubscribed' });
        continue;
      }
      const claimed = await CampaignRecipient.updateOne({ customerId, _id: r._id, status: 'queued', sendingAt: null }, { $set: { sendingAt: ctx.now() } });
      if (claimed.modifiedCount === 0) continue;
      const privacy = await createPrivacyLink({ customerId, candidateId: candidate._id, publicUrl: ctx.config.publicUrl, now: ctx.now() });
      const mail = { ...renderCampaignMail(ctx.config, campaign, context, { ...candidate, customerId }, privacy.url), ...campaignSender(campaign) };
      const outcome = await sendMail({ config: ctx.config, logger: ctx.logger }, mail, { maxAttempts: 1 });
      const at = ctx.now();
      if (outcome.delivered) {
        await set({ status: 'sent', sentAt: at, email: mail.to, error: '' });
        activities.push({ customerId, candidateId: candidate._id, kind: 'email_sent', by: campaign.createdBy ?? null, summary: `Campaign: ${campaign.name}`, at, data: { subject: mail.subject, campaignId: String(campaignId) } });
        sent++;
      } else if (outcome.permanent) {
        await set({ status: 'bounced', error: outcome.error ?? '' });
      } else if (r.attempts + 1 >= CampaignSending.maxAttemptsPerRecipient) {
        await set({ status: 'failed', error: outcome.error ?? '', attempts: r.attempts + 1 });
      } else {
        await CampaignRecipient.updateOne({ customerId, _id: r._id }, { $inc: { attempts: 1 }, $set: { error: outcome.error ?? '', sendingAt: null } });
      }
    }
    await recordCandidateActivity(activities);

    const totals = await refreshTotals(customerId, campaignId);
    if (totals.queued === 0) {
      await Campaign.updateOne({ customerId, _id: campaignId, status: 'sending' }, { $set: { status: 'sent', sentAt: ctx.now() } });
    } else {
      const next: CampaignBatchPayload = { ...payload, batch: payload.batch + 1 };
      await enqueueJob(CampaignBatchJobName, next, {
        runAt: new Date(ctx.now().getTime() + CampaignSending.intervalMs),
        dedupeKey: `campaign-batch:${payload.campaignId}:${next.batch}`,
        customerId,
      });
    }
    await ctx.progress(totals.recipients ? ((totals.recipients - totals.queued) / totals.recipients) * 100 : 100);
    return { sent, left: totals.queued };
  },
};
