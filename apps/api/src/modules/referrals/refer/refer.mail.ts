import type { Types } from 'mongoose';
import type { JobDoc } from '../../jobs/job.model';
import { notifyUser, type LinkingMailContext } from '../../mail/notify-user';
import type { UserDoc } from '../../users/user.model';

/** The mail kind of "a referral arrived"; the recruiters' "New applications" preference governs it. */
export const ReferralReceivedMailKind = 'referral-received';

/**
 * Tells each recruiter of the job who referred whom ("Emma referred Jane Doe to Backend Engineer"); a job
 * without a recruiter (a requisition may name none) tells its hiring manager instead.
 */
export async function notifyJobRecruiters(
  ctx: LinkingMailContext,
  { customerId, job, referrer, name, applicationId }: { customerId: Types.ObjectId; job: JobDoc; referrer: Pick<UserDoc, 'firstName' | 'lastName'> & { _id: Types.ObjectId }; name: string; applicationId: Types.ObjectId },
) {
  const subject = `${referrer.firstName} referred ${name} to ${job.title}`;
  const lines = [`${referrer.firstName} ${referrer.lastName} referred ${name} to ${job.title}.`, 'Open the application to review it:'];
  const recipients = job.recruiterIds?.length ? job.recruiterIds : job.hiringManagerId ? [job.hiringManagerId] : [];
  for (const recruiterId of recipients) {
    if (recruiterId.equals(referrer._id)) continue;
    await notifyUser(ctx, customerId, recruiterId, { kind: ReferralReceivedMailKind, subject, lines, link: `/application/${String(applicationId)}` });
  }
}
