import type { Types } from 'mongoose';
import { sendMail, type MailContext } from '../../lib/mailer';
import { User } from '../users/user.model';
import { notificationKindOfMail, wantsMail } from '../preferences/preferences.service';
import { escapeHtml } from './html-escape';

export type JobsMailContext = MailContext & { config: MailContext['config'] & { publicUrl: string } };


async function mailUser(ctx: JobsMailContext, customerId: Types.ObjectId, userId: Types.ObjectId, kind: string, subject: string, lines: string[], link: string) {
  const user = await User.findOne({ customerId, _id: userId }, { email: 1, firstName: 1 }).lean();
  if (!user) return;
  const preference = notificationKindOfMail(kind);
  if (preference && !(await wantsMail(userId, customerId, preference))) return;
  const url = `${ctx.config.publicUrl}${link}`;
  const text = [`Hello ${user.firstName},`, '', ...lines, '', url].join('\n');
  const html = `<p>Hello ${escapeHtml(user.firstName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  await sendMail(ctx, { to: user.email, subject, text, html, kind });
}

type Req = { _id: Types.ObjectId; customerId: Types.ObjectId; title: string };

export function mailApproverTurn(ctx: JobsMailContext, req: Req, approverId: Types.ObjectId, requesterName: string) {
  return mailUser(ctx, req.customerId, approverId, 'vacancy-approval-request', `Approval needed: ${req.title}`,
    [`${requesterName} asks to open the position "${req.title}". It is waiting for your approval.`], `/vacancy-approval/${req._id}`);
}

export function mailRequesterRejected(ctx: JobsMailContext, req: Req, requesterId: Types.ObjectId, approverName: string, reason: string) {
  return mailUser(ctx, req.customerId, requesterId, 'vacancy-rejected', `Requisition returned: ${req.title}`,
    [`${approverName} rejected your requisition "${req.title}".`, `Reason: ${reason}`, 'You can change it and submit it again.'], `/vacancy-approval/${req._id}`);
}

export function mailRequesterApproved(ctx: JobsMailContext, req: Req, requesterId: Types.ObjectId, jobId: Types.ObjectId) {
  return mailUser(ctx, req.customerId, requesterId, 'vacancy-approved', `Requisition approved: ${req.title}`,
    [`Your requisition "${req.title}" has been approved by everyone in the chain. The job is now open.`], `/job/${jobId}`);
}
