import type { Types } from 'mongoose';
import { notifyUser, type LinkingMailContext } from '../mail/notify-user';

export type JobsMailContext = LinkingMailContext;

const mailUser = (ctx: JobsMailContext, customerId: Types.ObjectId, userId: Types.ObjectId, kind: string, subject: string, lines: string[], link: string) =>
  notifyUser(ctx, customerId, userId, { kind, subject, lines, link });

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
