import { Types } from 'mongoose';
import { referralPagePath } from '@hireflow/contracts/referrals';
import type { JobContext, JobDefinition } from '../../../lib/job-queue';
import { sendMail } from '../../../lib/mailer';
import { escapeHtml as esc } from '../../jobs/html-escape';
import { Job } from '../../jobs/job.model';
import { User } from '../../users/user.model';
import { IntegrationConnection } from '../../integrations/connections/connection.model';
import { ReferralCampaign, type ReferralCampaignDoc } from '../referral-campaign.model';
import { ReferralCampaignRecipient } from './referral-campaign-recipient.model';
import { audienceFilter, storedAudience } from './campaign-audience';

export const ReferralCampaignSendJobName = 'referral-campaign.send';
export type ReferralCampaignSendPayload = { campaignId: string; customerId: string };

const BatchSize = 50;
const ReferralCampaignMailKind = 'referral-campaign';

type Link = { title: string; url: string };

function campaignMail(campaign: ReferralCampaignDoc, user: { email: string; firstName: string }, links: Link[]) {
  const text = [`Hello ${user.firstName},`, '', campaign.message, '', 'Know someone? Refer them here:', ...links.map((l) => `${l.title}: ${l.url}`)].join('\n');
  const paragraphs = campaign.message.split(/\n{2,}/).map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`).join('');
  const list = links.map((l) => `<li><a href="${esc(l.url)}">${esc(l.title)}</a></li>`).join('');
  const html = `<p>Hello ${esc(user.firstName)},</p>${paragraphs}<p>Know someone? Refer them here:</p><ul>${list}</ul>`;
  return { to: user.email, subject: campaign.subject, text, html, kind: ReferralCampaignMailKind };
}

/** The audience as it is now becomes the campaign's recipients; rows a previous run wrote stay as they are. */
async function materialiseRecipients(customerId: Types.ObjectId, campaign: ReferralCampaignDoc) {
  const users = await User.find(audienceFilter(customerId, storedAudience(campaign)), { _id: 1 }).lean();
  if (users.length) {
    await ReferralCampaignRecipient.insertMany(
      users.map((u) => ({ customerId, campaignId: campaign._id, userId: u._id })),
      { ordered: false },
    ).catch((error: { writeErrors?: { code?: number; err?: { code?: number } }[] }) => {
      if (!(error.writeErrors ?? []).every((w) => (w.code ?? w.err?.code) === 11000)) throw error;
    });
  }
  return ReferralCampaignRecipient.countDocuments({ customerId, campaignId: campaign._id });
}

/**
 * A referral campaign goes out from the company's shared sending address when one is connected (the first
 * by address when there are several); else through the company's mail server as before.
 */
async function sharedSenderOf(customerId: Types.ObjectId) {
  const shared = await IntegrationConnection.findOne({ customerId, service: 'mailbox', owner: 'shared', status: 'connected' }, { sharedEmail: 1 }).sort({ sharedEmail: 1 }).lean();
  return shared?.sharedEmail ? { sendAs: { customerId: String(customerId), sharedEmail: shared.sharedEmail } } : {};
}

async function sendBatch(ctx: JobContext, customerId: Types.ObjectId, campaign: ReferralCampaignDoc, links: Link[]) {
  const sender = await sharedSenderOf(customerId);
  const batch = await ReferralCampaignRecipient.find({ customerId, campaignId: campaign._id, status: 'queued' }).sort({ _id: 1 }).limit(BatchSize).lean();
  const users = await User.find({ customerId, _id: { $in: batch.map((r) => r.userId) } }, { email: 1, firstName: 1, status: 1 }).lean();
  const userOf = new Map(users.map((u) => [String(u._id), u]));
  for (const r of batch) {
    if (ctx.signal.aborted) throw new Error('referral campaign sending stopped; the next attempt goes on');
    const claimed = await ReferralCampaignRecipient.updateOne({ customerId, _id: r._id, status: 'queued' }, { $set: { status: 'sending' } });
    if (claimed.modifiedCount === 0) continue;
    const user = userOf.get(String(r.userId));
    if (!user || user.status !== 'active') {
      await ReferralCampaignRecipient.updateOne({ customerId, _id: r._id }, { $set: { status: 'failed', error: 'The user is no longer active.' } });
      continue;
    }
    const outcome = await sendMail({ config: ctx.config, logger: ctx.logger }, { ...campaignMail(campaign, user, links), ...sender });
    // A mail not delivered at once stays with the mail queue, which retries it; only a final refusal fails.
    const failed = !outcome.delivered && outcome.permanent;
    await ReferralCampaignRecipient.updateOne({ customerId, _id: r._id }, { $set: failed ? { status: 'failed', error: outcome.error ?? '' } : { status: 'sent', sentAt: ctx.now() } });
    if (!failed) await ReferralCampaign.updateOne({ customerId, _id: campaign._id }, { $inc: { sent: 1 } });
  }
  return batch.length;
}

/**
 * Sends a referral campaign: one mail per active employee of its audience, with the message and a link to
 * each job's referral page (counted back to the campaign). Status queued -> sending -> sent (or failed
 * after the last attempt). Idempotent on a retry: recipients are rows claimed one by one, so nobody is
 * mailed twice; a claim left by a run that died is marked interrupted instead of sent again.
 */
export const ReferralCampaignSendJob: JobDefinition<ReferralCampaignSendPayload> = {
  name: ReferralCampaignSendJobName,
  maxAttempts: 5,
  async handler(payload, ctx) {
    const customerId = new Types.ObjectId(payload.customerId);
    const campaignId = new Types.ObjectId(payload.campaignId);
    let campaign = await ReferralCampaign.findOne({ customerId, _id: campaignId }).lean<ReferralCampaignDoc>();
    if (!campaign || campaign.status === 'sent' || campaign.status === 'failed') return { skipped: campaign?.status ?? 'gone' };
    await ReferralCampaign.updateOne({ customerId, _id: campaignId, status: 'queued' }, { $set: { status: 'sending' } });
    // Only one run holds the job's lease: a 'sending' row here was left by a run that died mid-mail.
    await ReferralCampaignRecipient.updateMany({ customerId, campaignId, status: 'sending' }, { $set: { status: 'interrupted', error: 'Sending was interrupted; the mail is not sent again so nobody gets it twice.' } });
    const recipients = await materialiseRecipients(customerId, campaign);
    await ReferralCampaign.updateOne({ customerId, _id: campaignId }, { $set: { recipients } });
    campaign = { ...campaign, recipients };

    const jobs = await Job.find({ customerId, _id: { $in: campaign.jobIds } }, { title: 1 }).lean();
    const titleOf = new Map(jobs.map((j) => [String(j._id), j.title]));
    const links = campaign.jobIds
      .filter((id) => titleOf.has(String(id)))
      .map((id) => ({ title: titleOf.get(String(id))!, url: `${ctx.config.publicUrl}${referralPagePath(String(id), String(campaignId))}` }));

    while ((await sendBatch(ctx, customerId, campaign, links)) > 0) {
      const left = await ReferralCampaignRecipient.countDocuments({ customerId, campaignId, status: 'queued' });
      await ctx.progress(recipients ? Math.round(((recipients - left) / recipients) * 100) : 100, `${recipients - left} of ${recipients}`);
    }
    const sent = await ReferralCampaignRecipient.countDocuments({ customerId, campaignId, status: 'sent' });
    await ReferralCampaign.updateOne({ customerId, _id: campaignId }, { $set: { status: 'sent', sent, sentAt: ctx.now() } });
    return { recipients, sent };
  },
  async onFailed(payload) {
    await ReferralCampaign.updateOne({ customerId: new Types.ObjectId(payload.customerId), _id: payload.campaignId, status: { $in: ['queued', 'sending'] } }, { $set: { status: 'failed' } });
  },
};
