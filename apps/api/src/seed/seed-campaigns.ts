import { Types } from 'mongoose';
import type { TRecipientStatus } from '@hireflow/contracts/candidates-campaigns';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Candidate } from '../modules/candidates/candidate.model';
import { recordCandidateActivity, type CandidateActivityInput } from '../modules/candidates/candidate-activity';
import { MailTemplate } from '../modules/mail/mail-template.model';
import { Campaign, CampaignRecipient } from '../modules/candidates/campaigns/campaign.model';
import { refreshTotals } from '../modules/candidates/campaigns/campaign-totals';

const Day = 86_400_000;

export const DemoCampaignTemplate = {
  name: 'Reconnect with past applicants',
  subject: '{{company.name}} is hiring: {{job.title}}',
  body: 'Hi {{candidate.firstName}},\n\nYou applied to {{company.name}} before, and we thought of you for a new opening: {{job.title}}.\n\nHave a look and apply here: {{job.link}}\n\nBest regards,\n{{sender.name}}',
};

/**
 * One campaign template and one finished campaign for Acme's recruiter: a dozen candidates, most sent,
 * one bounced, one failed and one skipped because they had unsubscribed, each sent mail on the timeline.
 */
export async function seedCampaigns({ now = new Date() }: { now?: Date } = {}) {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer || (await Campaign.exists({ customerId: customer._id }))) return;
  const customerId = customer._id;
  const recruiter = await User.findOne({ customerId, email: 'recruiter@acme.test' }).lean();
  const candidates = await Candidate.find({ customerId, mergedIntoId: null, email: { $gt: '' } }, { firstName: 1, lastName: 1, email: 1 }).sort({ _id: 1 }).limit(12).lean();
  if (!recruiter || candidates.length < 4) return;
  const job = await Job.findOne({ customerId, status: 'open', published: true }, { title: 1 }).lean<{ _id: Types.ObjectId; title: string }>();

  const template = await MailTemplate.create({ customerId, kind: 'campaign', ...DemoCampaignTemplate, createdBy: recruiter._id, updatedBy: recruiter._id });
  const sentAt = new Date(now.getTime() - 3 * Day);
  const campaign = await Campaign.create({
    customerId,
    name: 'Autumn reconnect',
    subject: DemoCampaignTemplate.subject,
    body: DemoCampaignTemplate.body,
    templateId: template._id,
    jobId: job?._id ?? null,
    status: 'sent',
    startedAt: sentAt,
    sentAt: new Date(sentAt.getTime() + 2 * 60_000),
    createdBy: recruiter._id,
  });

  const subject = `${customer.name} is hiring: ${job?.title ?? ''}`.trim();
  const outcome = (i: number): { status: TRecipientStatus; error: string } =>
    i === 1 ? { status: 'bounced', error: 'SMTP 550: 5.1.1 No such user' } : i === 2 ? { status: 'failed', error: 'Connection timed out' } : i === 3 ? { status: 'skipped_unsubscribed', error: '' } : { status: 'sent', error: '' };
  const activities: CandidateActivityInput[] = [];
  await CampaignRecipient.insertMany(
    candidates.map((c, i) => {
      const { status, error } = outcome(i);
      const at = new Date(sentAt.getTime() + i * 5_000);
      if (status === 'sent') activities.push({ customerId, candidateId: c._id, kind: 'email_sent', by: recruiter._id, summary: 'Campaign: Autumn reconnect', at, data: { subject, campaignId: String(campaign._id) } });
      return { customerId, campaignId: campaign._id, candidateId: c._id, name: `${c.firstName} ${c.lastName ?? ''}`.trim(), email: c.email, status, error, sentAt: status === 'sent' ? at : null };
    }),
  );
  const unsubscribed = candidates[3]!;
  const unsubscribedAt = new Date(now.getTime() - 10 * Day);
  await Candidate.updateOne({ customerId, _id: unsubscribed._id }, { $set: { unsubscribedAt } });
  activities.push({ customerId, candidateId: unsubscribed._id, kind: 'unsubscribed', by: null, summary: 'Unsubscribed from campaign mails', at: unsubscribedAt });
  await recordCandidateActivity(activities);
  await refreshTotals(customerId, campaign._id);
}
