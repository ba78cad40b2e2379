import type { Types } from 'mongoose';
import { FeedbackLimits } from '@hireflow/contracts/interviews-feedback';
import type { TInterviewStatus } from '@hireflow/contracts/interviews';
import { registerRecurringJob } from '../../../lib/job-queue';
import { queueMail } from '../../../lib/mailer';
import { Customer } from '../../org/customer.model';
import { User } from '../../users/user.model';
import { Application } from '../../candidates/applications/application.model';
import { escapeHtml } from '../../jobs/html-escape';
import { Interview, type InterviewDoc } from '../interview.model';
import { Scorecard } from './scorecard.model';

/** How often the sweep looks for interviews that ended (a reminder goes out at most this long after it is due). */
export const FeedbackReminderEveryMs = 5 * 60_000;

/** Interviews in these states are owed scorecards. */
const OwedStatuses: TInterviewStatus[] = ['scheduled', 'completed', 'incident'];
type Stage = 'ended' | 'overdue';

/**
 * The scorecard reminder sweep: after an interview ends, each interviewer without a submitted scorecard gets a
 * mail with the link to the scorecard; once it is overdue (24 h after the end) they get a second one. The
 * interview's `remindersSent` says which went out, so each goes once (the mail's dedupeKey covers a sweep that
 * died between queueing and marking). An interview first seen when already overdue gets only the overdue mail.
 */
export async function sweepFeedbackReminders(now: Date, publicUrl: string) {
  const overdueBefore = new Date(now.getTime() - FeedbackLimits.overdueAfterMs);
  const windowStart = new Date(now.getTime() - FeedbackLimits.reminderWindowMs);
  let mails = 0;
  const customers = await Customer.find({ status: 'active' }, { _id: 1 }).lean();
  for (const { _id: customerId } of customers) {
    // Index customerId+status+end; the ones with both reminders sent are skipped in the query.
    const interviews = await Interview.find({
      customerId,
      status: { $in: OwedStatuses },
      end: { $lte: now, $gt: windowStart },
      remindersSent: { $ne: 'overdue' },
    }).lean<InterviewDoc[]>();
    for (const interview of interviews) {
      const stage: Stage = interview.end <= overdueBefore ? 'overdue' : 'ended';
      if (interview.remindersSent.includes(stage)) continue;
      mails += await remind(customerId, interview, stage, publicUrl);
      await Interview.updateOne({ customerId, _id: interview._id }, { $addToSet: { remindersSent: { $each: stage === 'overdue' ? ['ended', 'overdue'] : ['ended'] } } });
    }
  }
  return { mails };
}

async function remind(customerId: Types.ObjectId, interview: InterviewDoc, stage: Stage, publicUrl: string) {
  const submitted = await Scorecard.find({ customerId, interviewId: interview._id, status: 'submitted' }, { interviewerId: 1 }).lean();
  const owing = interview.interviewerIds.filter((id) => !submitted.some((c) => c.interviewerId.equals(id)));
  if (!owing.length) return 0;
  const [users, application] = await Promise.all([
    User.find({ customerId, _id: { $in: owing }, status: 'active' }, { email: 1, firstName: 1 }).lean(),
    Application.findOne({ customerId, _id: interview.applicationId }, { candidateName: 1 }).lean(),
  ]);
  const who = application?.candidateName || 'the candidate';
  const round = interview.roundName || 'interview';
  const url = `${publicUrl}/interviewfeedback/${String(interview._id)}`;
  const subject = stage === 'overdue' ? `Overdue: your scorecard for ${who} (${round})` : `Your scorecard for ${who} (${round})`;
  const lines =
    stage === 'overdue'
      ? [`Your scorecard for the ${round} with ${who} is overdue: the interview ended more than a day ago.`, 'The hiring team is waiting for it to decide. Please submit it now:']
      : [`The ${round} with ${who} has ended. Please write and submit your scorecard while it is fresh:`];
  for (const user of users) {
    const text = [`Hello ${user.firstName},`, '', ...lines, '', url].join('\n');
    const html = `<p>Hello ${escapeHtml(user.firstName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
    await queueMail({ to: user.email, subject, text, html, kind: `interview-feedback-${stage}` }, { customerId, dedupeKey: `feedback-reminder:${String(interview._id)}:${String(user._id)}:${stage}` });
  }
  return users.length;
}

export const FeedbackRemindersJob = registerRecurringJob(
  {
    name: 'interview.feedback-reminders',
    maxAttempts: 3,
    handler: (_payload, ctx) => sweepFeedbackReminders(ctx.now(), ctx.config.publicUrl),
  },
  FeedbackReminderEveryMs,
);
