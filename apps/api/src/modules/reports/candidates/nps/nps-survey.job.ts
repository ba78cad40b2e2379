import { Types } from 'mongoose';
import { brandMailOf } from '../../../company/brand';
import { NpsRules, NpsSurveyPath, type TNpsTrigger } from '@hireflow/contracts/reports';
import { enqueueJob, type JobDefinition } from '../../../../lib/job-queue';
import { queueMail } from '../../../../lib/mailer';
import { hashKey, randomKey } from '../../../auth/auth.crypto';
import { Application } from '../../../candidates/applications/application.model';
import { StageEvent } from '../../../candidates/applications/stage-event.model';
import { Candidate } from '../../../candidates/candidate.model';
import { Interview } from '../../../interviews/interview.model';
import { Job } from '../../../jobs/job.model';
import { escapeHtml } from '../../../jobs/html-escape';
import { withTransaction } from '../../../jobs/with-transaction';
import { Customer } from '../../../org/customer.model';
import { NpsSurvey } from './nps-survey.model';

const DayMs = 86_400_000;

export type NpsSurveyPayload = {
  customerId: string;
  applicationId: string;
  /** The stage entry (hired or rejected) that set it off: the survey goes only while the application is still there. */
  stageEventId: string;
  trigger: TNpsTrigger;
};

export const npsSurveyUrl = (publicUrl: string, token: string) => `${publicUrl}${NpsSurveyPath.replace(':token', token)}`;

/**
 * Mails the candidate the survey, `NpsRules.sendAfterDays` after the hire, rejection or withdrawal (so a
 * rejection mail goes first). Skipped when the application has left that stage entry meanwhile (the move
 * was undone), when it already has a survey for this trigger, or when the candidate has no address. The
 * survey and its mail are written in one transaction: a repeated run finds the survey and sends nothing.
 */
export const NpsSurveyJob: JobDefinition<NpsSurveyPayload> = {
  name: 'reports.nps-survey',
  maxAttempts: 3,
  async handler(payload, ctx) {
    const customerId = new Types.ObjectId(payload.customerId);
    const application = await Application.findOne({ customerId, _id: new Types.ObjectId(payload.applicationId) }, { candidateId: 1, jobId: 1, lastStageEventId: 1 }).lean();
    if (!application) return { skipped: 'the application no longer exists' };
    if (String(application.lastStageEventId) !== payload.stageEventId) return { skipped: 'the application has left the stage that asked for the survey' };
    if (await NpsSurvey.exists({ customerId, applicationId: application._id, trigger: payload.trigger })) return { skipped: 'a survey was already sent for this application' };
    const [candidate, job, company] = await Promise.all([
      Candidate.findOne({ customerId, _id: application.candidateId }, { firstName: 1, email: 1, unsubscribedAt: 1 }).lean(),
      Job.findOne({ customerId, _id: application.jobId }, { title: 1, businessUnitId: 1, departmentId: 1, locationId: 1, recruiterIds: 1 }).lean(),
      Customer.findById(customerId, { name: 1 }).lean(),
    ]);
    if (!candidate?.email) return { skipped: 'the candidate has no email address' };
    if (candidate.unsubscribedAt) return { skipped: 'the candidate has unsubscribed from mail' };
    if (!job || !company) return { skipped: 'the job no longer exists' };

    const token = randomKey();
    const sentAt = ctx.now();
    const url = npsSurveyUrl(ctx.config.publicUrl, token);
    const subject = `How was applying to ${company.name}?`;
    const lines = [
      `Thank you for your interest in the ${job.title} position at ${company.name}.`,
      `Would you answer one question about your experience as a candidate? It takes a few seconds: ${url}`,
      `The link works once, for ${NpsRules.validDays} days.`,
    ];
    const text = [`Hello ${candidate.firstName},`, '', ...lines, '', company.name].join('\n');
    const html = `<p>Hello ${escapeHtml(candidate.firstName)},</p><p>${escapeHtml(lines[0])}</p><p>Would you answer one question about your experience as a candidate? It takes a few seconds:</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(lines[2])}</p><p>${escapeHtml(company.name)}</p>`;
    const branded = await brandMailOf(customerId, ctx.config.publicUrl, { text, html }, { candidateId: candidate._id });
    try {
      await withTransaction(async (session) => {
        await NpsSurvey.create(
          [{
            customerId, candidateId: application.candidateId, applicationId: application._id, jobId: job._id, jobTitle: job.title, trigger: payload.trigger,
            tokenHash: hashKey(token), sentAt, expiresAt: new Date(sentAt.getTime() + NpsRules.validDays * DayMs),
            businessUnitId: job.businessUnitId ?? null, departmentId: job.departmentId ?? null, locationId: job.locationId ?? null, recruiterIds: job.recruiterIds ?? [],
          }],
          { session },
        );
        await queueMail({ to: candidate.email, subject, ...branded, kind: 'nps-survey' }, { customerId, session });
      });
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return { skipped: 'a survey was already sent for this application' };
      throw error;
    }
    return { sent: candidate.email };
  },
};

type StageEntry = {
  customerId: Types.ObjectId;
  application: { _id: Types.ObjectId; withdrawn?: boolean | null };
  stage: { kind: string };
  stageEventId: Types.ObjectId;
  at: Date;
};

/** Whether an interview of the application took place (or was due) before it was rejected, or it reached an interview stage. */
async function hadInterview(customerId: Types.ObjectId, applicationId: Types.ObjectId, at: Date) {
  const interview = await Interview.exists({ customerId, applicationId, status: { $in: ['scheduled', 'completed', 'incident'] }, start: { $lte: at } });
  if (interview) return true;
  return Boolean(await StageEvent.exists({ customerId, applicationId, toKind: 'interview' }));
}

/** The survey's trigger for entering this stage, or null when this move asks for none. */
export async function npsTriggerOf(entry: StageEntry): Promise<TNpsTrigger | null> {
  if (entry.stage.kind === 'hired') return 'hired';
  if (entry.stage.kind !== 'rejected') return null;
  if (entry.application.withdrawn) return 'withdrew';
  return (await hadInterview(entry.customerId, entry.application._id, entry.at)) ? 'rejected_after_interview' : null;
}

/** Queues the candidate's survey after a hire, a withdrawal or a rejection after an interview (called after the move commits). */
export async function scheduleNpsSurvey(entry: StageEntry) {
  const trigger = await npsTriggerOf(entry);
  if (!trigger) return;
  const payload: NpsSurveyPayload = { customerId: String(entry.customerId), applicationId: String(entry.application._id), stageEventId: String(entry.stageEventId), trigger };
  await enqueueJob(NpsSurveyJob.name, payload, {
    runAt: new Date(entry.at.getTime() + NpsRules.sendAfterDays * DayMs),
    customerId: entry.customerId,
    dedupeKey: `nps-survey:${String(entry.stageEventId)}`,
  });
}
