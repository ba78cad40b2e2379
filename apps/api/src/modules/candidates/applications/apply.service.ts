import { Types, type ClientSession } from 'mongoose';
import { brandMailOf } from '../../company/brand';
import type { TApplicationSource } from '@hireflow/contracts/candidates';
import { AppError } from '../../../lib/app-error';
import { sendMail, type MailContext } from '../../../lib/mailer';
import type { JobDoc } from '../../jobs/job.model';
import { withTransaction } from '../../jobs/with-transaction';
import { escapeHtml as esc } from '../../jobs/html-escape';
import { deleteFile, storeFile } from '../../files/files.service';
import { resumeContentType, type UploadedFile } from '../../files/resume-check';
import { Candidate, candidateMatchKeys } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';
import { startResumeExtraction } from '../resumes/resume-extract.job';
import { refreshCandidateMatchKeys } from '../intake/create-candidate';
import { Application } from './application.model';
import { createApplication, type ApplicationOrigin } from './create-application';
import { scheduleStageAutomations } from '../../pipeline/automations/stage-automation.job';
import { legalBasisFields } from '../../privacy/consent/consent.service';

export type ApplicantInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  answers: { questionId: string; label: string; answer: string }[];
};

const ConsentSourceOf: Record<TApplicationSource, string> = {
  career_site: 'Career site apply form',
  referral: 'Referred by an employee',
  agency: 'Submitted by an agency',
  sourced: 'Added by a recruiter',
  import: 'Imported',
};

const ActivitySummaryOf: Record<TApplicationSource, (jobTitle: string) => string> = {
  career_site: (t) => `Applied to ${t}`,
  referral: (t) => `Referred to ${t} by an employee`,
  agency: (t) => `Submitted to ${t} by an agency`,
  sourced: (t) => `Added to ${t}`,
  import: (t) => `Imported to ${t}`,
};

export const AlreadyAppliedMessage = 'You have already applied for this job with this email address.';

/**
 * One application: the candidate is found by email (or created, with this first-touch source)
 * and only their blank fields are filled; the application keeps what this applicant sent (name,
 * phone, resume, answers). It enters the job's first stage, and the job's stage count moves in the same
 * transaction. The resume is stored first and removed again if anything after it fails.
 */
export async function applyToJob({
  customerId,
  job,
  input,
  resume,
  source,
  at = new Date(),
  origin,
  consent,
  alsoInTransaction,
}: {
  customerId: Types.ObjectId;
  job: JobDoc;
  input: ApplicantInput;
  resume: UploadedFile | null;
  source: TApplicationSource;
  at?: Date;
  /** Who brought them (referral, agency), recorded on the application. */
  origin?: ApplicationOrigin;
  /**
   * The legal basis to record (privacy): whether the person consented, and where. Without it: consent on the career
   * site, the company's legitimate interest otherwise. Consent renews a returning candidate's; no consent leaves theirs.
   */
  consent?: { given: boolean; source?: string };
  /** The caller's own writes (the referral, the agency submission), committed with the application or not at all. */
  alsoInTransaction?: (session: ClientSession, applied: { applicationId: Types.ObjectId; candidateId: Types.ObjectId; newCandidate: boolean }) => Promise<void>;
}) {
  const firstStage = job.stages[0];
  if (!firstStage) throw AppError.conflict('This job has no pipeline stages');
  const existing = await Candidate.findOne({ customerId, email: input.email }, { _id: 1 }).lean();
  if (existing && (await Application.exists({ customerId, jobId: job._id, candidateId: existing._id }))) throw AppError.conflict(AlreadyAppliedMessage);

  // The application's id is chosen now so its résumé is stored already owned by it.
  const applicationId = new Types.ObjectId();
  const resumeFileId = resume
    ? await storeFile({ customerId, owner: { kind: 'application', id: applicationId }, buffer: resume.buffer, filename: resume.originalname, contentType: resumeContentType(resume), kind: 'resume' })
    : null;
  const resumeFields = resumeFileId ? { resumeFileId, resumeFilename: resume!.originalname } : {};
  let applied: { applicationId: Types.ObjectId; candidateId: Types.ObjectId; newCandidate: boolean; stageEventId: Types.ObjectId };
  const consentGiven = consent?.given ?? source === 'career_site';
  const basis = await legalBasisFields({ customerId, consent: consentGiven, source: consent?.source ?? ConsentSourceOf[source], at });
  try {
    applied = await withTransaction(async (session) => {
      // Anyone can type an existing candidate's email on the public site, so an application only
      // fills what the candidate lacks; what this applicant sent stays on their application.
      const candidate = await Candidate.findOneAndUpdate(
        { customerId, email: input.email },
        {
          $setOnInsert: {
            customerId,
            email: input.email,
            source,
            ...basis,
            lastActivityAt: at,
            ...candidateMatchKeys(input),
            firstName: input.firstName,
            lastName: input.lastName,
            ...(input.phone ? { phone: input.phone } : {}),
            ...resumeFields,
          },
        },
        { upsert: true, returnDocument: 'after', session },
      ).lean();
      await fillBlankCandidateFields({ customerId, candidateId: candidate!._id, input, resumeFields, session });
      // A returning person who consents again renews their consent; one with no basis recorded yet gets this one.
      if (existing) await Candidate.updateOne({ customerId, _id: candidate!._id, ...(consentGiven ? {} : { legalBasis: null }) }, { $set: basis }, { session });
      // A person new to the database starts their timeline like one added by hand.
      if (!existing) await recordCandidateActivity({ customerId, candidateId: candidate!._id, kind: 'created', by: null, at, summary: 'Added to the database', data: { source } }, session);
      const application = await createApplication({
        customerId,
        job,
        candidate: { _id: candidate!._id, name: `${input.firstName} ${input.lastName}`.trim(), email: input.email, phone: input.phone ?? '' },
        source,
        by: null,
        at,
        applicationId,
        answers: input.answers,
        resumeFields,
        origin,
        activity: { kind: 'applied', summary: ActivitySummaryOf[source](job.title) },
        session,
      });
      if (alsoInTransaction) await alsoInTransaction(session, { applicationId: application._id, candidateId: candidate!._id, newCandidate: !existing });
      return { applicationId: application._id, candidateId: candidate!._id, newCandidate: !existing, stageEventId: application.lastStageEventId! };
    });
  } catch (error) {
    if (resumeFileId) await deleteFile(resumeFileId);
    if ((error as { code?: number }).code === 11000) throw AppError.conflict(AlreadyAppliedMessage);
    throw error;
  }
  // When this résumé became the candidate's (they had none), its text is extracted for search.
  if (resumeFileId) await startResumeExtraction(customerId, applied.candidateId, resumeFileId);
  // Arriving in the first stage sets off its automations (workflow template) as a move into it would.
  await scheduleStageAutomations({ customerId, applicationId: applied.applicationId, stage: firstStage, stageEventId: applied.stageEventId, at });
  return applied;
}

/** Sets the candidate's empty fields from this application; filled ones are never overwritten. */
async function fillBlankCandidateFields({
  customerId,
  candidateId,
  input,
  resumeFields,
  session,
}: {
  customerId: Types.ObjectId;
  candidateId: Types.ObjectId;
  input: ApplicantInput;
  resumeFields: { resumeFileId?: string; resumeFilename?: string };
  session: ClientSession;
}) {
  const blank = { $in: ['', null] };
  if (input.lastName) await Candidate.updateOne({ customerId, _id: candidateId, lastName: blank }, { $set: { lastName: input.lastName } }, { session });
  if (input.phone) await Candidate.updateOne({ customerId, _id: candidateId, phone: blank }, { $set: { phone: input.phone } }, { session });
  // A filled last name or phone changes what duplicates match on.
  if (input.lastName || input.phone) await refreshCandidateMatchKeys(customerId, candidateId, session);
  if (resumeFields.resumeFileId) await Candidate.updateOne({ customerId, _id: candidateId, resumeFileId: null }, { $set: resumeFields }, { session });
}

/** The confirmation mail to an applicant; it goes on their timeline like every mail sent to a candidate. */
export async function mailApplicationReceived(
  ctx: MailContext,
  { to, firstName, jobTitle, companyName, customerId, candidateId, applicationId, jobId }: { to: string; firstName: string; jobTitle: string; companyName: string; customerId: Types.ObjectId; candidateId: Types.ObjectId; applicationId: Types.ObjectId; jobId: Types.ObjectId },
) {
  const subject = `We received your application: ${jobTitle}`;
  const text = `Hello ${firstName},\n\nThank you for applying for "${jobTitle}" at ${companyName}. We have received your application and will be in touch.\n\n${companyName}`;
  const html = `<p>Hello ${esc(firstName)},</p><p>Thank you for applying for “${esc(jobTitle)}” at ${esc(companyName)}. We have received your application and will be in touch.</p><p>${esc(companyName)}</p>`;
  await sendMail(ctx, { to, subject, ...(await brandMailOf(customerId, ctx.config.publicUrl ?? '', { text, html }, { candidateId })), kind: 'application-received' });
  await recordCandidateActivity({ customerId, candidateId, kind: 'email_sent', by: null, applicationId, jobId, summary: `Mail: ${subject}`, data: { subject } });
}
