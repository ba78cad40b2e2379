import type { Types } from 'mongoose';
import { approvalPagePath } from '@hireflow/contracts/approvals';
import { sendMail, type MailAttachment, type MailContext, type MailSender } from '../../../lib/mailer';
import { escapeHtml } from '../../jobs/html-escape';
import { User } from '../../users/user.model';
import { notifyUser, type LinkingMailContext } from '../../mail/notify-user';
import { writtenDate } from './letter-content';
import { utcTime } from './sign-letter';
import { brandMailOf } from '../../company/brand';

const wrapHtml = (paragraphs: string[]) => `<div style="font-family: Roboto, Arial, Helvetica, sans-serif; max-width: 600px">${paragraphs.join('')}</div>`;
const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The candidate's mail with their link: the company, the job and the expiry; the money stays on the page.
 * `sendAs`: the recruiter sending it (from their own mailbox when connected).
 */
export async function mailOfferSent(ctx: MailContext, m: { to: string; customerId: Types.ObjectId; candidateId: Types.ObjectId; candidateFirstName: string; companyName: string; jobTitle: string; expiryDate: string; url: string; sendAs?: MailSender }) {
  const expiry = writtenDate(m.expiryDate);
  const lines = [
    `Dear ${m.candidateFirstName},`,
    `${m.companyName} is pleased to offer you the position of ${m.jobTitle}.`,
    'Read your offer letter and accept or decline it on this page:',
  ];
  const after = [`The offer is open until the end of ${expiry}. The link is personal: please do not forward it.`, `Kind regards,\n${m.companyName}`];
  const body = {
    text: [...lines, m.url, ...after].join('\n\n'),
    html: wrapHtml([...lines.map(p), `<p><a href="${escapeHtml(m.url)}">${escapeHtml(m.url)}</a></p>`, ...after.map((a) => p(a).replace(/\n/g, '<br>'))]),
  };
  return sendMail(ctx, {
    to: m.to,
    subject: `Your offer from ${m.companyName}: ${m.jobTitle}`,
    ...(await brandMailOf(m.customerId, ctx.config.publicUrl ?? '', body, { candidateId: m.candidateId })),
    kind: 'offer-sent',
    ...(m.sendAs ? { sendAs: m.sendAs } : {}),
  });
}

type Accepted = { offerId: Types.ObjectId; customerId: Types.ObjectId; candidate: { id: Types.ObjectId; email: string; firstName: string; name: string }; companyName: string; jobTitle: string; startDate: string; typedName: string; at: Date; signed: MailAttachment | null };

/**
 * Both sides get the signed copy: the candidate, and the offer's creator and the job's hiring manager
 * (each once). An attachment is more than notifyUser's colleague note, so these go through sendMail.
 */
export async function mailOfferAccepted(ctx: LinkingMailContext, colleagueIds: Types.ObjectId[], a: Accepted) {
  const attachments = a.signed ? [a.signed] : [];
  const when = utcTime(a.at);
  if (a.candidate.email) {
    const lines = [
      `Dear ${a.candidate.firstName},`,
      `Thank you for accepting our offer for the position of ${a.jobTitle}. You signed it as ${a.typedName} on ${when}.`,
      a.signed ? 'Your signed copy of the offer letter is attached to this email.' : 'Your signed copy of the offer letter follows in a separate email.',
      `We look forward to welcoming you on ${writtenDate(a.startDate)}.`,
      `Kind regards,\n${a.companyName}`,
    ];
    const body = await brandMailOf(a.customerId, ctx.config.publicUrl, { text: lines.join('\n\n'), html: wrapHtml(lines.map((l) => p(l).replace(/\n/g, '<br>'))) }, { candidateId: a.candidate.id });
    await sendMail(ctx, { to: a.candidate.email, subject: `Your signed offer from ${a.companyName}: ${a.jobTitle}`, ...body, kind: 'offer-accepted', attachments });
  }
  const unique = [...new Map(colleagueIds.map((id) => [String(id), id])).values()];
  const colleagues = await User.find({ customerId: a.customerId, _id: { $in: unique }, status: 'active' }, { email: 1, firstName: 1 }).lean();
  const url = `${ctx.config.publicUrl}${approvalPagePath('offer', String(a.offerId))}`;
  for (const user of colleagues) {
    const lines = [`Hello ${user.firstName},`, `${a.candidate.name} accepted the offer for ${a.jobTitle}: signed as ${a.typedName} on ${when}. The signed copy is attached.`, `Start date: ${writtenDate(a.startDate)}.`];
    await sendMail(ctx, {
      to: user.email,
      subject: `Offer accepted: ${a.candidate.name}, ${a.jobTitle}`,
      text: [...lines, url].join('\n\n'),
      html: `${lines.map(p).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
      kind: 'offer-accepted',
      attachments,
    });
  }
}

/** The offer's creator hears of a decline (with the candidate's reason when they gave one). */
export async function mailOfferDeclined(ctx: LinkingMailContext, d: { customerId: Types.ObjectId; offerId: Types.ObjectId; creatorId: Types.ObjectId; candidateName: string; jobTitle: string; reason: string }) {
  await notifyUser(ctx, d.customerId, d.creatorId, {
    kind: 'offer-declined',
    subject: `Offer declined: ${d.candidateName}, ${d.jobTitle}`,
    lines: [`${d.candidateName} declined the offer for ${d.jobTitle}.`, d.reason ? `Their reason: ${d.reason}` : 'They gave no reason.'],
    link: approvalPagePath('offer', String(d.offerId)),
  });
}
