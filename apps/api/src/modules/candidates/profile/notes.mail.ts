import type { Types } from 'mongoose';
import { sendMail } from '../../../lib/mailer';
import { escapeHtml } from '../../jobs/html-escape';
import type { JobsMailContext } from '../../jobs/jobs.mail';
import { User } from '../../users/user.model';

export const MentionExcerptLength = 280;

export const excerptOf = (text: string) => (text.length > MentionExcerptLength ? `${text.slice(0, MentionExcerptLength - 1)}…` : text);

/** Tells a colleague they were named in a note on a candidate, with the note's start and a link to the profile. */
export async function mailMention(
  ctx: JobsMailContext,
  { customerId, userId, authorName, candidateName, candidateId, text }: { customerId: Types.ObjectId; userId: Types.ObjectId; authorName: string; candidateName: string; candidateId: Types.ObjectId; text: string },
) {
  const user = await User.findOne({ customerId, _id: userId }, { email: 1, firstName: 1 }).lean();
  if (!user) return;
  const url = `${ctx.config.publicUrl}/candidate/${candidateId}`;
  const excerpt = excerptOf(text);
  const subject = `${authorName} mentioned you in a note on ${candidateName}`;
  const plain = [`Hello ${user.firstName},`, '', `${authorName} mentioned you in a note on ${candidateName}:`, '', excerpt, '', url].join('\n');
  const html =
    `<p>Hello ${escapeHtml(user.firstName)},</p><p>${escapeHtml(authorName)} mentioned you in a note on ${escapeHtml(candidateName)}:</p>` +
    `<blockquote style="white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  await sendMail(ctx, { to: user.email, subject, text: plain, html, kind: 'candidate-mention' });
}
