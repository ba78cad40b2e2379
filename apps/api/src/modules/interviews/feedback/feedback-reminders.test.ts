import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { JobWorker, ensureRecurringJobs } from '../../../lib/job-queue';
import { QueueJob } from '../../../lib/job-queue.model';
import { MailJob } from '../../../lib/mailer';
import { OutboxMail } from '../../mail/outbox.model';
import { Interview } from '../interview.model';
import { addInterview, buildInterviewCompany } from '../interviews.test-support';
import { FeedbackReminderEveryMs, FeedbackRemindersJob } from './feedback-reminders.job';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  // The test runs the sweep itself, by a clock it moves, so "a day later" needs no waiting.
  await ctx.worker.stop({ graceMs: 0 });
});
afterAll(() => ctx.stop());

const Hour = 3600_000;
const Minute = 60_000;

describe('scorecard reminders', () => {
  it('mails each interviewer without a submitted scorecard once after the end and once when overdue', async () => {
    const ic = await buildInterviewCompany(ctx.app, ctx.config, { applicants: 1 });
    const { co } = ic;
    const attribute = { id: new Types.ObjectId(), name: 'Communication' };
    // An interview that has started (so it can be submitted now) and ends in an hour on the worker's clock.
    const start = new Date(Date.now() - 10 * Minute);
    const interview = await addInterview(ic, ic.applicationIds[0]!, { start, durationMinutes: 70, interviewerIds: [co.employee.id, co.approver1.id], attributes: [attribute] });
    const cancelled = await addInterview(ic, ic.applicationIds[0]!, { start, interviewerIds: [co.employee.id], status: 'cancelled' });
    await request(ctx.app)
      .post(`/api/interviews/${String(interview._id)}/feedback/submit`)
      .set('Authorization', co.approver1.auth)
      .send({ ratings: [{ attributeId: String(attribute.id), rating: 4 }], recommendation: 'yes' })
      .expect(200);

    let t = interview.end.getTime() - 30 * Minute;
    const worker = new JobWorker({ definitions: [FeedbackRemindersJob, MailJob], config: ctx.config, logger: ctx.logger, now: () => new Date(t) });
    const sweep = async (at: number) => {
      t = at;
      await worker.drain();
    };
    const mailsTo = (email: string) => OutboxMail.find({ to: email, kind: /^interview-feedback/ }).sort({ sentAt: 1 }).lean();
    await ensureRecurringJobs([FeedbackRemindersJob], new Date(t));

    await sweep(t); // before the end: nothing
    expect(await mailsTo(co.employee.user.email)).toHaveLength(0);

    await sweep(interview.end.getTime() + 10 * Minute);
    const first = await mailsTo(co.employee.user.email);
    expect(first.map((m) => m.kind)).toEqual(['interview-feedback-ended']);
    expect(first[0]!.subject).toBe('Your scorecard for Applicant0 Tester (Technical interview)');
    expect(first[0]!.text).toContain(`${ctx.config.publicUrl}/interviewfeedback/${String(interview._id)}`);
    expect(await mailsTo(co.approver1.user.email)).toHaveLength(0); // submitted: no reminder

    await sweep(interview.end.getTime() + 2 * Hour); // again later the same day: no second mail
    expect(await mailsTo(co.employee.user.email)).toHaveLength(1);

    await sweep(interview.end.getTime() + 25 * Hour);
    const second = await mailsTo(co.employee.user.email);
    expect(second.map((m) => m.kind)).toEqual(['interview-feedback-ended', 'interview-feedback-overdue']);
    expect(second[1]!.subject).toBe('Overdue: your scorecard for Applicant0 Tester (Technical interview)');

    await sweep(interview.end.getTime() + 50 * Hour);
    expect(await mailsTo(co.employee.user.email)).toHaveLength(2);
    expect((await Interview.findOne({ customerId: co.customerId, _id: interview._id }).lean())!.remindersSent.sort()).toEqual(['ended', 'overdue']);
    expect((await Interview.findOne({ customerId: co.customerId, _id: cancelled._id }).lean())!.remindersSent).toEqual([]);
    // The sweep keeps exactly one pending run, due one period after the last.
    const pending = await QueueJob.find({ name: FeedbackRemindersJob.name, state: 'queued' }).lean();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAt.getTime()).toBe(interview.end.getTime() + 50 * Hour + FeedbackReminderEveryMs);
  });

  it('sends only the overdue mail for an interview first seen when already overdue', async () => {
    const ic = await buildInterviewCompany(ctx.app, ctx.config, { applicants: 1 });
    const { co } = ic;
    const interview = await addInterview(ic, ic.applicationIds[0]!, { start: new Date(Date.now() + 40 * 24 * Hour), interviewerIds: [co.employee.id] });
    const at = interview.end.getTime() + 30 * Hour;
    await ensureRecurringJobs([FeedbackRemindersJob], new Date(at));
    await new JobWorker({ definitions: [FeedbackRemindersJob, MailJob], config: ctx.config, logger: ctx.logger, now: () => new Date(at) }).drain();
    const mails = await OutboxMail.find({ to: co.employee.user.email, kind: /^interview-feedback/ }).lean();
    expect(mails.map((m) => m.kind)).toEqual(['interview-feedback-overdue']);
  });
});
