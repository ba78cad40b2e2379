import type { Types } from 'mongoose';
import { OnboardingFileContentTypes } from '@hireflow/contracts/offers-onboarding';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Offer, type OfferDoc } from '../modules/offers/offer.model';
import { OnboardingDocument, onboardingNameKey } from '../modules/offers/onboarding/onboarding-document.model';
import { OnboardingSubmission } from '../modules/offers/onboarding/onboarding-submission.model';
import { storeSmallFiles } from '../modules/files/files.service';
import { recordCandidateActivity } from '../modules/candidates/candidate-activity';
import { demoResumePdf } from './demo-resume';

/** Acme's onboarding documents, in the order new hires see them. */
export const DemoOnboardingDocuments = [
  { name: 'Passport or ID', description: 'A clear scan or photo of your passport or national ID card (both sides).', required: true, fileTypes: ['pdf', 'jpg', 'png'] },
  { name: 'Signed employment contract', description: 'The contract we sent you, signed on the last page.', required: true, fileTypes: ['pdf'] },
  { name: 'Bank details form', description: 'Where we pay your salary: the form from your welcome mail, filled in.', required: true, fileTypes: ['pdf', 'docx'] },
  { name: 'Tax form', description: 'Only if you have one from a previous employer this year.', required: false, fileTypes: ['pdf'] },
] as const;

// A 1x1 PNG: enough for a real image upload.
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Acme's onboarding documents, and for each accepted (or joined) demo offer a new hire part way through:
 * the passport accepted, the contract waiting for review, the bank form asked for again. Runs once; with no
 * accepted offer yet it only configures the documents.
 */
export async function seedOnboarding() {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer || (await OnboardingDocument.exists({ customerId: customer._id }))) return;
  const customerId = customer._id;
  const documents = await OnboardingDocument.insertMany(DemoOnboardingDocuments.map((d, position) => ({ customerId, ...d, fileTypes: [...d.fileTypes], nameKey: onboardingNameKey(d.name), position })));
  const offers = await Offer.find({ customerId, status: { $in: ['accepted', 'joined'] } }).lean<OfferDoc[]>();
  const reviewer = await User.findOne({ customerId, email: 'recruiter@acme.test' }, { _id: 1 }).lean();
  for (const offer of offers) await seedUploads(customerId, offer, documents.map((d) => d._id), reviewer?._id ?? offer.createdBy);
}

async function seedUploads(customerId: Types.ObjectId, offer: OfferDoc, [passport, contract, bank]: Types.ObjectId[], reviewerId: Types.ObjectId) {
  const day = 86_400_000;
  const uploadedAt = new Date((offer.decidedAt ?? new Date()).getTime() + day);
  const reviewedAt = new Date(uploadedAt.getTime() + day / 2);
  const files = [
    { documentId: passport!, filename: 'passport.png', buffer: tinyPng, contentType: OnboardingFileContentTypes.png, state: 'accepted', note: '', reviewed: true },
    { documentId: contract!, filename: 'employment-contract-signed.pdf', buffer: demoResumePdf(['Employment contract', `${offer.jobTitle}`, 'Signed']), contentType: OnboardingFileContentTypes.pdf, state: 'submitted', note: '', reviewed: false },
    { documentId: bank!, filename: 'bank-details.pdf', buffer: demoResumePdf(['Bank details form', 'IBAN: (left empty)']), contentType: OnboardingFileContentTypes.pdf, state: 'needs_changes', note: 'The IBAN field is empty: please fill it in and upload the form again.', reviewed: true },
  ] as const;
  const owner = { kind: 'application' as const, id: offer.applicationId };
  const fileIds = await storeSmallFiles(files.map((f) => ({ customerId, owner, buffer: f.buffer, filename: f.filename, contentType: f.contentType, kind: 'onboarding-document' })));
  await OnboardingSubmission.insertMany(
    files.map((f, i) => ({
      customerId,
      offerId: offer._id,
      documentId: f.documentId,
      applicationId: offer.applicationId,
      candidateId: offer.candidateId,
      jobId: offer.jobId,
      state: f.state,
      fileId: fileIds[i],
      filename: f.filename,
      contentType: f.contentType,
      size: f.buffer.length,
      uploadedAt,
      reviewedBy: f.reviewed ? reviewerId : null,
      reviewedAt: f.reviewed ? reviewedAt : null,
      note: f.note,
    })),
  );
  const entry = (summary: string, at: Date, by: Types.ObjectId | null) => ({ customerId, candidateId: offer.candidateId, kind: 'onboarding_document' as const, by, summary, at, applicationId: offer.applicationId, jobId: offer.jobId, data: { offerId: String(offer._id) } });
  await recordCandidateActivity([
    ...files.map((f, i) => entry(`Uploaded ${DemoOnboardingDocuments[i]!.name} (${f.filename})`, uploadedAt, null)),
    entry('Passport or ID accepted', reviewedAt, reviewerId),
    entry(`Bank details form asked for again: ${files[2].note}`, reviewedAt, reviewerId),
  ]);
}
