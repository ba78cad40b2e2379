import type { Types } from 'mongoose';
import { sendMail, type MailContext } from '../../lib/mailer';
import { User } from '../users/user.model';
import { notificationKindOfMail, wantsMail } from '../preferences/preferences.service';
import { escapeHtml } from '../jobs/html-escape';

/** Mail context of mails that link into the product. */
export type LinkingMailContext = MailContext & { config: MailContext['config'] & { publicUrl: string } };

/**
 * The one way a colleague is told something by mail: a greeting, the lines, and a link into the product.
 * Mails whose kind maps to a notification preference go only to users who want them.
 */
export async function notifyUser(ctx: LinkingMailContext, customerId: Types.ObjectId, userId: Types.ObjectId, { kind, subject, lines, link }: { kind: string; subject: string; lines: string[]; link: string }) {
  const user = await User.findOne({ customerId, _id: userId }, { email: 1, firstName: 1 }).lean();
  if (!user) return;
  const preference = notificationKindOfMail(kind);
  if (preference && !(await wantsMail(userId, customerId, preference))) return;
  const url = `${ctx.config.publicUrl}${link}`;
  const text = [`Hello ${user.firstName},`, '', ...lines, '', url].join('\n');
  const html = `<p>Hello ${escapeHtml(user.firstName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  await sendMail(ctx, { to: user.email, subject, text, html, kind });
}
