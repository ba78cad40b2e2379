import type { Types } from 'mongoose';
import type { TRejectionMail } from '@hireflow/contracts/pipeline';
import type { JobDoc } from '../jobs/job.model';
import type { UserDoc } from '../users/user.model';
import { AppError } from '../../lib/app-error';
import { MailTemplate } from '../mail/mail-template.model';
import { queuePipelineMail } from './mail/pipeline-mail.job';
import { scheduleStageAutomations } from './automations/stage-automation.job';
import { scheduleNpsSurvey } from '../reports/candidates/nps/nps-survey.job';

type StageEntry = {
  customerId: Types.ObjectId;
  actor: Pick<UserDoc, '_id'>;
  application: { _id: Types.ObjectId; candidateId: Types.ObjectId; withdrawn?: boolean | null };
  job: Pick<JobDoc, '_id' | 'title' | 'hiringManagerId'>;
  stage: { _id: Types.ObjectId; name: string; kind: string };
  stageEventId: Types.ObjectId;
  at: Date;
  rejectionMail?: TRejectionMail;
};

/**
 * What entering a stage sets off, queued after the move commits: the rejection mail the mover asked for
 * (at once or delayed), the stage's automations (workflow template) and, after a hire, a withdrawal or a
 * rejection after an interview, the candidate's NPS survey. Each queued job runs only while the application
 * is still in this stage entry.
 */
export async function scheduleStageEntryWork(entry: StageEntry) {
  const { customerId, actor, application, stageEventId, at, rejectionMail } = entry;
  await scheduleStageAutomations({ customerId, applicationId: application._id, stage: entry.stage, stageEventId, at });
  await scheduleNpsSurvey({ customerId, application, stage: entry.stage, stageEventId, at });
  if (rejectionMail) {
    const delay = (rejectionMail.delayMinutes ?? 0) * 60_000;
    await queuePipelineMail(
      { customerId: String(customerId), applicationId: String(application._id), templateId: String(rejectionMail.templateId), by: String(actor._id), purpose: 'rejection', whileStageEventId: String(stageEventId) },
      delay ? new Date(at.getTime() + delay) : undefined,
    );
  }
}

/** A mail the caller asked for must name one of the company's pipeline templates. */
export async function assertMailTemplate(customerId: Types.ObjectId, templateId: string) {
  const found = await MailTemplate.exists({ customerId, _id: templateId, kind: 'pipeline' });
  if (!found) throw AppError.badRequest('This mail template does not exist; choose one of your company pipeline templates.');
}
