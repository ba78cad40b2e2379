import type { Types } from 'mongoose';
import type { LinkingMailContext } from '../mail/notify-user';

export type JobsMailContext = LinkingMailContext;

type Req = { _id: Types.ObjectId | string; title: string };

// The texts of the vacancy approval mails (sent by the approvals module, see vacancy-approval.ts).

export const approverTurnMail = (req: Req, requesterName: string) => ({
  subject: `Approval needed: ${req.title}`,
  lines: [`${requesterName} asks to open the position "${req.title}". It is waiting for your approval.`],
  link: `/vacancy-approval/${req._id}`,
});

export const requesterRejectedMail = (req: Req, approverName: string, reason: string) => ({
  subject: `Requisition returned: ${req.title}`,
  lines: [`${approverName} rejected your requisition "${req.title}".`, `Reason: ${reason}`, 'You can change it and submit it again.'],
  link: `/vacancy-approval/${req._id}`,
});

export const requesterApprovedMail = (req: Req, jobId: Types.ObjectId | string | null) => ({
  subject: `Requisition approved: ${req.title}`,
  lines: [`Your requisition "${req.title}" has been approved by everyone in the chain. The job is now open.`],
  link: jobId ? `/job/${jobId}` : `/vacancy-approval/${req._id}`,
});
