import { Types } from 'mongoose';
import { brandMailOf } from '../../company/brand';
import { OnboardingMessages, type TOfferOnboarding, type TOnboardingFileType, type TOnboardingItem, ZReviewOnboardingDocumentRequest } from '@hireflow/contracts/offers-onboarding';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { sendMail, type MailContext } from '../../../lib/mailer';
import { publishLiveEvents } from '../../../lib/live-events/publish';
import { recordCandidateActivity } from '../../candidates/candidate-activity';
import { Application } from '../../candidates/applications/application.model';
import { deleteFile, storeFile } from '../../files/files.service';
import type { UploadedFile } from '../../files/resume-check';
import { Job, type JobDoc } from '../../jobs/job.model';
import { loadRefs, refOf } from '../../jobs/refs';
import { withTransaction } from '../../jobs/with-transaction';
import { escapeHtml } from '../../jobs/html-escape';
import { notifyUser, type LinkingMailContext } from '../../mail/notify-user';
import { Customer } from '../../org/customer.model';
import type { UserDoc } from '../../users/user.model';
import { Offer, type OfferDoc } from '../offer.model';
import { canManageOffers, findVisibleOffer } from '../offers.access';
import { newOfferLink, offerLinkUrl } from '../offer-link';
import { OnboardingDocument, type OnboardingDocumentDoc } from './onboarding-document.model';
import { OnboardingSubmission, type OnboardingSubmissionDoc } from './onboarding-submission.model';
import { checkOnboardingFile } from './onboarding-file-check';

/** Offers whose new hire provides documents: accepted, and still after they joined. */
export const OnboardingOfferStatuses = ['accepted', 'joined'] as const;
export const isOnboardingOffer = (offer: Pick<OfferDoc, 'status'>) => (OnboardingOfferStatuses as readonly string[]).includes(offer.status);

export type OnboardingEntry = { document: OnboardingDocumentDoc; submission: OnboardingSubmissionDoc | null };

/** The documents a new hire sees, in the company's order: the active ones, and archived ones they already uploaded. */
export async function onboardingEntries(offer: Pick<OfferDoc, '_id' | 'customerId'>): Promise<OnboardingEntry[]> {
  const customerId = offer.customerId;
  const [documents, submissions] = await Promise.all([
    OnboardingDocument.find({ customerId }).sort({ position: 1, _id: 1 }).lean<OnboardingDocumentDoc[]>(),
    OnboardingSubmission.find({ customerId, offerId: offer._id }).lean<OnboardingSubmissionDoc[]>(),
  ]);
  const byDocument = new Map(submissions.map((s) => [String(s.documentId), s]));
  return documents
    .map((document) => ({ document, submission: byDocument.get(String(document._id)) ?? null }))
    .filter((e) => e.document.active || e.submission);
}

async function presentOnboarding(customerId: Types.ObjectId, offer: OfferDoc | null, canReview: boolean): Promise<TOfferOnboarding> {
  if (!offer) return { offerId: null, offerStatus: null, documents: [], canReview: false };
  const entries = await onboardingEntries(offer);
  const refs = await loadRefs(customerId, { users: entries.map((e) => e.submission?.reviewedBy) });
  const documents: TOnboardingItem[] = entries.map(({ document: d, submission: s }) => ({
    documentId: String(d._id),
    name: d.name,
    description: d.description ?? '',
    required: d.required ?? true,
    fileTypes: (d.fileTypes ?? []) as TOnboardingFileType[],
    state: s ? (s.state as TOnboardingItem['state']) : 'missing',
    fileId: s?.fileId ?? null,
    filename: s?.filename ?? null,
    uploadedAt: s?.uploadedAt ? s.uploadedAt.toISOString() : null,
    reviewer: refOf(refs.users, s?.reviewedBy),
    reviewedAt: s?.reviewedAt ? s.reviewedAt.toISOString() : null,
    note: s?.note ?? '',
  }));
  return { offerId: String(offer._id), offerStatus: offer.status as TOfferOnboarding['offerStatus'], documents, canReview };
}

/** The recruiter's view of one offer's documents (those who may see the offer). */
export async function getOfferOnboarding({ customerId, actor, offerId }: { customerId: Types.ObjectId; actor: UserDoc; offerId: string }) {
  const { offer, job } = await findVisibleOffer(customerId, actor, offerId);
  return presentOnboarding(customerId, isOnboardingOffer(offer) ? offer : null, isOnboardingOffer(offer) && canManageOffers(actor, job));
}

/** The application page's panel: the documents of its accepted (or joined) offer; offerId null when it has none. */
export async function getApplicationOnboarding({ customerId, actor, applicationId }: { customerId: Types.ObjectId; actor: UserDoc; applicationId: string }) {
  if (!Types.ObjectId.isValid(applicationId)) throw AppError.notFound('Application');
  const application = await Application.findOne({ customerId, _id: new Types.ObjectId(applicationId) }, { _id: 1 }).lean();
  if (!application) throw AppError.notFound('Application');
  const latest = await Offer.findOne({ customerId, applicationId: application._id, status: { $in: [...OnboardingOfferStatuses] } }, { _id: 1 })
    .sort({ createdAt: -1 })
    .lean();
  if (!latest) return presentOnboarding(customerId, null, false);
  // Pay is confidential, and so is what the new hire hands in: only those who may see the offer.
  const { offer, job } = await findVisibleOffer(customerId, actor, String(latest._id));
  return presentOnboarding(customerId, offer, canManageOffers(actor, job));
}

const teamOf = (job: Pick<JobDoc, 'memberIds'> | null) => (job?.memberIds ?? []) as Types.ObjectId[];

export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The new hire uploads one document from their offer page. The file must be of a type the document
 * accepts (by its content); it is stored as a file of the application, the upload goes on the candidate's
 * timeline and to open screens, and the offer's creator is told. Throws UploadRefused with the words to show.
 */
export async function uploadOnboardingDocument(ctx: LinkingMailContext, { offer, documentId, file }: { offer: OfferDoc; documentId: string; file: UploadedFile | undefined }) {
  if (!isOnboardingOffer(offer)) throw new UploadRefused(OnboardingMessages.noAcceptedOffer, 409);
  const customerId = offer.customerId;
  const entry = Types.ObjectId.isValid(documentId) ? (await onboardingEntries(offer)).find((e) => e.document._id.equals(documentId)) : undefined;
  if (!entry) throw new UploadRefused('This document is no longer asked for.', 404);
  if (entry.submission?.state === 'accepted') throw new UploadRefused('This document has already been accepted: nothing more is needed.', 409);
  const checked = await checkOnboardingFile(file, (entry.document.fileTypes ?? []) as TOnboardingFileType[]);
  if ('problem' in checked) throw new UploadRefused(checked.problem, checked.status);

  const fileId = await storeFile({ customerId, owner: { kind: 'application', id: offer.applicationId }, buffer: file!.buffer, filename: checked.filename, contentType: checked.contentType, kind: 'onboarding-document' });
  const job = await Job.findOne({ customerId, _id: offer.jobId }, { memberIds: 1, title: 1 }).lean<JobDoc>();
  const now = new Date();
  try {
    await withTransaction(async (session) => {
      await OnboardingSubmission.updateOne(
        { customerId, offerId: offer._id, documentId: entry.document._id },
        {
          $set: { state: 'submitted', fileId, filename: checked.filename, contentType: checked.contentType, size: file!.size, uploadedAt: now, reviewedBy: null, reviewedAt: null, note: '' },
          $setOnInsert: { applicationId: offer.applicationId, candidateId: offer.candidateId, jobId: offer.jobId },
          ...(entry.submission ? { $push: { previousFileIds: entry.submission.fileId } } : {}),
        },
        { upsert: true, session },
      );
      await recordCandidateActivity(
        { customerId, candidateId: offer.candidateId, kind: 'onboarding_document', by: null, summary: `Uploaded ${entry.document.name} (${checked.filename})`, at: now, applicationId: offer.applicationId, jobId: offer.jobId, data: { offerId: String(offer._id), documentId: String(entry.document._id), fileId, change: 'uploaded' } },
        session,
      );
      await publishLiveEvents(
        [{ customerId, kind: 'offer.changed', jobId: offer.jobId, applicationId: offer.applicationId, candidateId: offer.candidateId, byUserId: null, teamIds: teamOf(job), data: { offerId: String(offer._id), change: 'onboarding_document' } }],
        session,
      );
    });
  } catch (error) {
    await deleteFile(fileId);
    throw error;
  }
  const application = await Application.findOne({ customerId, _id: offer.applicationId }, { candidateName: 1 }).lean();
  const candidate = application?.candidateName || 'The new hire';
  await notifyUser(ctx, customerId, offer.createdBy, {
    kind: 'onboarding-document-uploaded',
    subject: `${candidate} uploaded ${entry.document.name}`,
    lines: [`${candidate} uploaded ${entry.document.name} (${checked.filename}) for ${offer.jobTitle}. Please review it: accept it, or ask for it again with a note.`],
    link: `/application/${String(offer.applicationId)}`,
  });
  return { document: entry.document, filename: checked.filename };
}

type ReviewInput = z.output<typeof ZReviewOnboardingDocumentRequest>;

/**
 * Accept an uploaded document, or ask for it again with a note: the new hire gets a mail with a fresh link
 * to their page (the old link stops working; only the hash of the new one is kept).
 */
export async function reviewOnboardingDocument(
  ctx: MailContext & { config: MailContext['config'] & { publicUrl: string } },
  { customerId, actor, offerId, documentId, input }: { customerId: Types.ObjectId; actor: UserDoc; offerId: string; documentId: string; input: ReviewInput },
) {
  const { offer, job } = await findVisibleOffer(customerId, actor, offerId);
  if (!canManageOffers(actor, job)) throw AppError.forbidden("Only the job's owners, its hiring manager and admins review onboarding documents.");
  if (!isOnboardingOffer(offer)) throw AppError.conflict(OnboardingMessages.noAcceptedOffer);
  if (!Types.ObjectId.isValid(documentId)) throw AppError.notFound('Onboarding document');
  const submission = await OnboardingSubmission.findOne({ customerId, offerId: offer._id, documentId: new Types.ObjectId(documentId) }).lean<OnboardingSubmissionDoc>();
  if (!submission) {
    if (!(await OnboardingDocument.exists({ customerId, _id: new Types.ObjectId(documentId) }))) throw AppError.notFound('Onboarding document');
    throw AppError.conflict(OnboardingMessages.nothingToReview);
  }
  const document = await OnboardingDocument.findOne({ customerId, _id: submission.documentId }, { name: 1 }).lean();
  const name = document?.name ?? 'document';
  const accept = input.decision === 'accept';
  const link = accept ? null : newOfferLink();
  const now = new Date();
  await withTransaction(async (session) => {
    await OnboardingSubmission.updateOne(
      { customerId, _id: submission._id },
      { $set: { state: accept ? 'accepted' : 'needs_changes', reviewedBy: actor._id, reviewedAt: now, note: input.note } },
      { session },
    );
    if (link) await Offer.updateOne({ customerId, _id: offer._id }, { $set: { linkTokenHash: link.tokenHash } }, { session });
    await recordCandidateActivity(
      {
        customerId,
        candidateId: offer.candidateId,
        kind: 'onboarding_document',
        by: actor._id,
        summary: accept ? `${name} accepted` : `${name} asked for again: ${input.note}`,
        at: now,
        applicationId: offer.applicationId,
        jobId: offer.jobId,
        data: { offerId: String(offer._id), documentId: String(submission.documentId), change: accept ? 'accepted' : 'ask_again' },
      },
      session,
    );
    await publishLiveEvents(
      [{ customerId, kind: 'offer.changed', jobId: offer.jobId, applicationId: offer.applicationId, candidateId: offer.candidateId, byUserId: actor._id, teamIds: teamOf(job), data: { offerId: String(offer._id), change: 'onboarding_document' } }],
      session,
    );
  });
  if (link) await mailAskAgain(ctx, { offer, name, note: input.note, url: offerLinkUrl(ctx.config.publicUrl, link.token) });
  const fresh = await Offer.findOne({ customerId, _id: offer._id }).lean<OfferDoc>();
  return presentOnboarding(customerId, fresh, true);
}

async function mailAskAgain(ctx: MailContext, { offer, name, note, url }: { offer: OfferDoc; name: string; note: string; url: string }) {
  const [application, company] = await Promise.all([
    Application.findOne({ customerId: offer.customerId, _id: offer.applicationId }, { candidateName: 1, candidateEmail: 1 }).lean(),
    Customer.findById(offer.customerId, { name: 1 }).lean(),
  ]);
  if (!application?.candidateEmail) return;
  const firstName = (application.candidateName || '').split(' ')[0] || 'there';
  const companyName = company?.name ?? '';
  const lines = [`Thank you for your ${name}. We need you to upload it again:`, note, 'Please use this link to upload the new file (the link in earlier mails no longer works):'];
  const body = await brandMailOf(offer.customerId, ctx.config.publicUrl ?? '', {
    text: [`Hello ${firstName},`, '', ...lines, url, '', companyName].join('\n'),
    html: `<p>Hello ${escapeHtml(firstName)},</p>${lines.map((l) => `<p style="white-space:pre-wrap">${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(companyName)}</p>`,
  }, { candidateId: offer.candidateId });
  await sendMail(ctx, {
    to: application.candidateEmail,
    subject: `Please upload your ${name} again${companyName ? ` – ${companyName}` : ''}`,
    ...body,
    kind: 'onboarding-ask-again',
  });
}
