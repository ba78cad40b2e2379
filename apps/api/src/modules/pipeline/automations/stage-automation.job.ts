import { Types } from 'mongoose';
import type { TStageAutomationAction } from '@hireflow/contracts/pipeline';
import type { JobDefinition } from '../../../lib/job-queue';
import { enqueueJob } from '../../../lib/job-queue';
import { queueMail } from '../../../lib/mailer';
import { Application } from '../../candidates/applications/application.model';
import { recordCandidateActivity } from '../../candidates/candidate-activity';
import { Job } from '../../jobs/job.model';
import { escapeHtml } from '../../jobs/html-escape';
import { User } from '../../users/user.model';
import { queuePipelineMail } from '../mail/pipeline-mail.job';
import { automationsForStage, type StoredAutomation } from './automations.service';

type TeamAction = Exclude<TStageAutomationAction, 'send_candidate_mail'>;

export type StageAutomationPayload = {
  customerId: string;
  applicationId: string;
  /** The stage entry that set it off: the action runs only while the application is still there. */
  stageEventId: string;
  action: TeamAction;
  /** Which automation of the stage (a stage may notify twice, at once and after a delay). */
  automationId: string;
};

const skippedLeft = 'the applicant left the stage before the automation was due';

/**
 * A stage automation's mail to the hiring team: "X entered stage S of job J" to the hiring manager, or a
 * request for feedback to the job's interviewers and hiring manager. Dropped when the applicant has left
 * the stage entry that asked for it; written on the candidate's timeline so recruiters see what went out.
 */
export const StageAutomationJob: JobDefinition<StageAutomationPayload> = {
  name: 'pipeline.stage-automation',
  maxAttempts: 3,
  async handler(payload, ctx) {
    const customerId = new Types.ObjectId(payload.customerId);
    const application = await Application.findOne({ customerId, _id: new Types.ObjectId(payload.applicationId) }).lean();
    if (!application) return { skipped: 'the application no longer exists' };
    if (String(application.lastStageEventId) !== payload.stageEventId) return { skipped: skippedLeft };
    const job = await Job.findOne({ customerId, _id: application.jobId }, { title: 1, hiringManagerId: 1, interviewerIds: 1, stages: 1 }).lean();
    if (!job) return { skipped: 'the job no longer exists' };
    const stageName = job.stages.find((s) => String(s._id) === String(application.stageId))?.name ?? 'a new stage';
    const recipientIds = payload.action === 'notify_hiring_manager' ? [job.hiringManagerId] : [...job.interviewerIds, job.hiringManagerId];
    const ids = recipientIds.filter((id): id is Types.ObjectId => !!id);
    const users = ids.length ? await User.find({ customerId, _id: { $in: ids }, status: 'active' }, { email: 1, firstName: 1, lastName: 1 }).lean() : [];
    if (users.length === 0) return { skipped: payload.action === 'notify_hiring_manager' ? 'the job has no active hiring manager' : 'the job has no active interviewers or hiring manager' };

    const who = application.candidateName || 'An applicant';
    const url = `${ctx.config.publicUrl}/application/${String(application._id)}`;
    const { subject, lines } =
      payload.action === 'notify_hiring_manager'
        ? { subject: `${who} entered ${stageName}: ${job.title}`, lines: [`${who} has entered the stage "${stageName}" of the job "${job.title}".`, 'Open the application to see their profile and history.'] }
        : {
            subject: `Your feedback on ${who}: ${job.title}`,
            lines: [`${who} has entered the stage "${stageName}" of the job "${job.title}".`, 'Please share your feedback on this applicant with the hiring team, so a decision can be made soon.'],
          };
    for (const user of users) {
      const text = [`Hello ${user.firstName},`, '', ...lines, '', url].join('\n');
      const html = `<p>Hello ${escapeHtml(user.firstName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
      await queueMail({ to: user.email, subject, text, html, kind: `pipeline-${payload.action.replace(/_/g, '-')}` }, { customerId, dedupeKey: `stage-automation-mail:${payload.stageEventId}:${payload.automationId}:${String(user._id)}` });
    }
    const names = users.map((u) => `${u.firstName} ${u.lastName}`.trim()).join(', ');
    await recordCandidateActivity({
      customerId,
      candidateId: application.candidateId,
      kind: 'email_sent',
      by: null,
      at: ctx.now(),
      applicationId: application._id,
      jobId: application.jobId,
      summary: payload.action === 'notify_hiring_manager' ? `Automation: hiring manager ${names} notified of ${stageName}` : `Automation: feedback requested from ${names}`,
      data: { subject, automation: payload.action, to: users.map((u) => u.email) },
    });
    return { sent: users.map((u) => u.email) };
  },
};

type Entry = {
  customerId: Types.ObjectId;
  applicationId: Types.ObjectId;
  stage: { name: string; kind: string };
  stageEventId: Types.ObjectId;
  at: Date;
  /** The stage's automations when the caller loaded them once for many applications. */
  automations?: StoredAutomation[];
};

/**
 * Queues the automations of the stage an application just entered (after the move committed), each at
 * `at + delay`, once per stage entry and action (dedupe key), each skipped if the applicant has left by then.
 */
export async function scheduleStageAutomations({ customerId, applicationId, stage, stageEventId, at, automations: preloaded }: Entry) {
  const automations = preloaded ?? (await automationsForStage(customerId, stage));
  for (const automation of automations) {
    const runAt = new Date(at.getTime() + automation.delayMinutes * 60_000);
    if (automation.action === 'send_candidate_mail') {
      if (!automation.templateId) continue;
      await queuePipelineMail({ customerId: String(customerId), applicationId: String(applicationId), templateId: String(automation.templateId), by: null, purpose: 'stage', whileStageEventId: String(stageEventId) }, runAt);
    } else {
      const payload: StageAutomationPayload = { customerId: String(customerId), applicationId: String(applicationId), stageEventId: String(stageEventId), action: automation.action, automationId: String(automation._id) };
      await enqueueJob(StageAutomationJob.name, payload, { runAt, customerId, dedupeKey: `stage-automation:${String(stageEventId)}:${String(automation._id)}` });
    }
  }
}
