import type { Types } from 'mongoose';
import type { Config } from '../../../config';
import type { Mail } from '../../../lib/mailer';
import { Customer } from '../../org/customer.model';
import { Job } from '../../jobs/job.model';
import { User } from '../../users/user.model';
import { escapeHtml, fillHtml, fillText, type MergeValues } from '../../mail/merge-fields';
import type { CampaignDoc } from './campaign.model';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';

/** What every recipient of a campaign shares: the company, the job and the sender. */
export type CampaignMergeContext = { companyName: string; jobTitle: string; jobLink: string; senderName: string };

export const jobLinkOf = (publicUrl: string, companySlug: string | null | undefined, jobId: Types.ObjectId) =>
  companySlug ? `${publicUrl}/careers/${companySlug}/${String(jobId)}` : '';

export async function campaignMergeContext(config: Pick<Config, 'publicUrl'>, campaign: Pick<CampaignDoc, 'customerId' | 'jobId' | 'createdBy'>): Promise<CampaignMergeContext> {
  const customerId = campaign.customerId;
  const [company, job, sender] = await Promise.all([
    Customer.findById(customerId, { name: 1, slug: 1 }).lean(),
    campaign.jobId ? Job.findOne({ customerId, _id: campaign.jobId }, { title: 1 }).lean() : null,
    campaign.createdBy ? User.findOne({ customerId, _id: campaign.createdBy }, { firstName: 1, lastName: 1 }).lean() : null,
  ]);
  return {
    companyName: company?.name ?? '',
    jobTitle: (job as { title?: string } | null)?.title ?? '',
    jobLink: job ? jobLinkOf(config.publicUrl, company?.slug, job._id) : '',
    senderName: sender ? `${sender.firstName} ${sender.lastName ?? ''}`.trim() : (company?.name ?? ''),
  };
}

type Recipient = { _id: Types.ObjectId; customerId: Types.ObjectId; firstName: string; lastName?: string | null; email: string };

export function mergeValuesOf(context: CampaignMergeContext, candidate: Recipient): MergeValues {
  const lastName = candidate.lastName ?? '';
  return {
    'candidate.firstName': candidate.firstName,
    'candidate.lastName': lastName,
    'candidate.fullName': `${candidate.firstName} ${lastName}`.trim(),
    'job.title': context.jobTitle,
    'job.link': context.jobLink,
    'company.name': context.companyName,
    'sender.name': context.senderName,
  };
}

/**
 * One recipient's mail: merge fields filled (escaped in the HTML), an unsubscribe link in both parts and in
 * List-Unsubscribe, and the candidate's privacy link (privacy/privacy-link.ts) when one was made for it.
 */
export function renderCampaignMail(config: Pick<Config, 'publicUrl' | 'jwtSecret'>, campaign: Pick<CampaignDoc, 'subject' | 'body'>, context: CampaignMergeContext, candidate: Recipient, privacyUrl?: string): Mail {
  const values = mergeValuesOf(context, candidate);
  const link = unsubscribeUrl(config.publicUrl, unsubscribeToken(config.jwtSecret, candidate.customerId, candidate._id));
  const footer = `You get this mail from ${context.companyName || 'us'} about job opportunities.`;
  const privacyLine = 'Your data with us: see it, download it or ask us to erase it';
  const text = `${fillText(campaign.body, values)}\n\n--\n${footer}\nUnsubscribe: ${link}\n${privacyUrl ? `${privacyLine}: ${privacyUrl}\n` : ''}`;
  const html = [
    `<div style="font-family: Roboto, Arial, Helvetica, sans-serif; max-width: 600px">`,
    fillHtml(campaign.body, values),
    `<hr style="border:none;border-top:1px solid #ddd">`,
    `<p style="font-size:12px;color:#555">${escapeHtml(footer)} <a href="${escapeHtml(link)}">Unsubscribe</a>${privacyUrl ? ` · <a href="${escapeHtml(privacyUrl)}" class="privacy-link">${privacyLine}</a>` : ''}</p>`,
    `</div>`,
  ].join('\n');
  return {
    to: candidate.email,
    subject: fillText(campaign.subject, values).replace(/[\r\n]+/g, ' '),
    text,
    html,
    kind: 'campaign',
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
