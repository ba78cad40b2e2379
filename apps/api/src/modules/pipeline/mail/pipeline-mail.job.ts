import { Types } from 'mongoose';
import { brandMailOf } from '../../company/brand';
import type { JobDefinition } from '../../../lib/job-queue';
import { enqueueJob, enqueueJobs } from '../../../lib/job-queue';
import { queueMail } from '../../../lib/mailer';
import { Application } from '../../candidates/applications/application.model';
import { Candidate } from '../../candidates/candidate.model';
import { recordCandidateActivity } from '../../candidates/candidate-activity';
import { campaignMergeContext, mergeValuesOf } from '../../candidates/campaigns/campaign-mail';
import { MailTemplate } from '../../mail/mail-template.model';
import { fillHtml, fillText } from '../../mail/merge-fields';

/** Why a pipeline mail goes out; it only changes the timeline's wording. */
export type PipelineMailPurpose = 'rejection' | 'stage' | 'bulk';

export type PipelineMailPayload = {
  customerId: string;
  applicationId: string;
  templateId: string;
  /** Who sends it (sender.name, the timeline); null for an automation. */
  by: string | null;
  purpose: PipelineMailPurpose;
  /** Send only while the application is still where this stage event put it (a delayed rejection mail, a stage automation). */
  whileStageEventId?: string;
};

/**
 * A template mail to the candidate of one application (rejections, stage automations, bulk mails). It
 * renders at send time, so a delayed mail uses the template as it is then, and it is dropped when the
 * applicant has left the stage that asked for it: moving someone back cancels their rejection mail.
 */
export const PipelineMailJob: JobDefinition<PipelineMailPayload> = {
  name: 'pipeline.candidate-mail',
  maxAttempts: 3,
  async handler(payload, ctx) {
    const customerId = new Types.ObjectId(payload.customerId);
    const application = await Application.findOne({ customerId, _id: new Types.ObjectId(payload.applicationId) }).lean();
    if (!application) return { skipped: 'the application no longer exists' };
    if (payload.whileStageEventId && String(application.lastStageEventId) !== payload.whileStageEventId) return { skipped: 'the applicant left the stage before the mail was due' };
    const [template, candidate] = await Promise.all([
      MailTemplate.findOne({ customerId, _id: new Types.ObjectId(payload.templateId) }).lean(),
      Candidate.findOne({ customerId, _id: application.candidateId }).lean(),
    ]);
    if (!template) return { skipped: 'the template was deleted' };
    if (!candidate?.email) return { skipped: 'the candidate has no email address' };
    const by = payload.by ? new Types.ObjectId(payload.by) : null;
    const context = await campaignMergeContext(ctx.config, { customerId, jobId: application.jobId, createdBy: by });
    const values = mergeValuesOf(context, candidate);
    const subject = fillText(template.subject, values).replace(/[\r\n]+/g, ' ');
    const html = `<div style="font-family: Roboto, Arial, Helvetica, sans-serif; max-width: 600px">\n${fillHtml(template.body, values)}\n</div>`;
    // Sent by a person: from their own mailbox when they connected one (SMTP otherwise); an automation's from the company.
    const sendAs = payload.by ? { customerId: payload.customerId, userId: payload.by } : undefined;
    const body = await brandMailOf(customerId, ctx.config.publicUrl, { text: fillText(template.body, values), html }, { candidateId: candidate._id });
    await queueMail({ to: candidate.email, subject, ...body, kind: `pipeline-${payload.purpose}`, ...(sendAs ? { sendAs } : {}) }, { customerId });
    await recordCandidateActivity({
      customerId,
      candidateId: candidate._id,
      kind: 'email_sent',
      by,
      at: ctx.now(),
      applicationId: application._id,
      jobId: application.jobId,
      summary: `Mail: ${subject}`,
      data: { subject, templateId: payload.templateId, purpose: payload.purpose },
    });
    return { sent: candidate.email };
  },
};

/**
 * Queues a pipeline mail, at once or at `runAt`. With `whileStageEventId` it is also the dedupe key, so the
 * same stage entry never mails the same template twice.
 */
export function queuePipelineMail(payload: PipelineMailPayload, runAt?: Date) {
  return enqueueJob(PipelineMailJob.name, payload, { runAt, ...mailJobOptions(payload) });
}

/** Many pipeline mails in one write (a bulk mail to a selection); answers how many were queued. */
export function queuePipelineMails(payloads: PipelineMailPayload[]) {
  return enqueueJobs(PipelineMailJob.name, payloads.map((payload) => ({ payload, opts: mailJobOptions(payload) })));
}

function mailJobOptions(payload: PipelineMailPayload) {
  const dedupeKey = payload.whileStageEventId ? `pipeline-mail:${payload.whileStageEventId}:${payload.templateId}` : undefined;
  return { dedupeKey, customerId: new Types.ObjectId(payload.customerId), requestedBy: payload.by ? new Types.ObjectId(payload.by) : null };
}
