import { z } from 'zod';
import { ZObjectId, ZUserRef, zMultilineText, zText } from './common';
import { OfferStatuses } from './offers';

// ---------------------------------------------------------------------------------------------
// Onboarding documents: the company's list of what a new hire provides (company-settings/onboarding-documents,
// the standardSettings right), the uploads on the candidate's offer page once they accepted, and the
// recruiter's review (accept, or ask again with a note). Paths of the settings and the review are in OfferApi.
// ---------------------------------------------------------------------------------------------

export const OnboardingApi = {
  /** GET: the onboarding documents of the application's accepted (or joined) offer; offerId null when there is none. */
  applicationOnboarding: '/api/applications/:id/onboarding',
  /** PUT { ids }: the settings list in a new order. */
  order: '/api/onboarding-documents/order',
} as const;

/** The file types a document may accept; each upload is checked by its content, not its name. */
export const OnboardingFileTypes = ['pdf', 'docx', 'jpg', 'png'] as const;
export type TOnboardingFileType = (typeof OnboardingFileTypes)[number];
export const OnboardingFileTypeLabels: Record<TOnboardingFileType, string> = { pdf: 'PDF', docx: 'Word (.docx)', jpg: 'JPG', png: 'PNG' };
export const OnboardingFileContentTypes: Record<TOnboardingFileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
};

export const OnboardingLimits = {
  nameMax: 120,
  descriptionMax: 1000,
  noteMax: 1000,
  /** Documents one company keeps, active and archived together. */
  perCompany: 50,
  /** One uploaded file. */
  maxFileBytes: 10 * 1024 * 1024,
} as const;

/** "PDF, JPG or PNG" */
export function describeFileTypes(types: readonly TOnboardingFileType[]): string {
  const labels = OnboardingFileTypes.filter((t) => types.includes(t)).map((t) => OnboardingFileTypeLabels[t]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

export const OnboardingMessages = {
  duplicate: (name: string) => `"${name}" is already in the list.`,
  tooMany: `A company keeps at most ${OnboardingLimits.perCompany} onboarding documents; archive or delete one first.`,
  inUse: 'New hires have uploaded this document, so it cannot be deleted; archive it instead (their uploads stay, new hires no longer see it).',
  reorderMismatch: 'The order must list every document exactly once; reload and try again.',
  noteRequired: 'note: is required when you ask for the document again (the new hire is told what to change)',
  nothingToReview: 'The new hire has not uploaded this document yet.',
  noAcceptedOffer: 'Onboarding documents are uploaded once the offer is accepted.',
  wrongType: (types: readonly TOnboardingFileType[]) => `This document must be a ${describeFileTypes(types)} file. Please choose another file.`,
  tooLarge: `The file is larger than ${OnboardingLimits.maxFileBytes / 1024 / 1024} MB. Please upload a smaller file.`,
  empty: 'Please choose a file to upload.',
  unreadableForm: 'The form could not be read. Please try again.',
  uploaded: (name: string) => `Thank you: we received your ${name}. We will let you know if anything needs to change.`,
} as const;

const name = zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(OnboardingLimits.nameMax, { error: `is too long (at most ${OnboardingLimits.nameMax} characters)` });
const description = zMultilineText().trim().max(OnboardingLimits.descriptionMax, { error: `is too long (at most ${OnboardingLimits.descriptionMax} characters)` });
const fileTypes = z
  .array(z.enum(OnboardingFileTypes, { error: `must be among ${OnboardingFileTypes.join(', ')}` }))
  .min(1, { error: 'pick at least one file type' })
  .transform((types) => OnboardingFileTypes.filter((t) => types.includes(t)));

export const ZCreateOnboardingDocumentRequest = z.object({ name, description: description.default(''), required: z.boolean().default(true), fileTypes });
export type TCreateOnboardingDocumentRequest = z.input<typeof ZCreateOnboardingDocumentRequest>;

/** Change any field; active false archives the document (new hires no longer see it), true restores it. */
export const ZUpdateOnboardingDocumentRequest = z
  .object({ name, description, required: z.boolean(), fileTypes, active: z.boolean() })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to change' });
export type TUpdateOnboardingDocumentRequest = z.input<typeof ZUpdateOnboardingDocumentRequest>;

export const ZReorderOnboardingDocumentsRequest = z.object({ ids: z.array(ZObjectId).min(1, { error: 'is required' }).max(OnboardingLimits.perCompany, { error: 'has too many ids' }) });
export type TReorderOnboardingDocumentsRequest = z.input<typeof ZReorderOnboardingDocumentsRequest>;

export const ZOnboardingDocument = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  required: z.boolean(),
  fileTypes: z.array(z.enum(OnboardingFileTypes)),
  active: z.boolean(),
  /** Uploads of this document (by any new hire): a document with uploads is archived, never deleted. */
  submissionCount: z.number(),
});
export type TOnboardingDocument = z.infer<typeof ZOnboardingDocument>;
export const ZOnboardingDocumentList = z.object({ items: z.array(ZOnboardingDocument) });
export type TOnboardingDocumentList = z.infer<typeof ZOnboardingDocumentList>;

// ---------- One new hire's documents ----------

export const OnboardingDocumentStates = ['missing', 'submitted', 'accepted', 'needs_changes'] as const;
export type TOnboardingDocumentState = (typeof OnboardingDocumentStates)[number];
export const OnboardingDocumentStateLabels: Record<TOnboardingDocumentState, string> = {
  missing: 'Missing',
  submitted: 'Waiting for review',
  accepted: 'Accepted',
  needs_changes: 'Needs changes',
};

export const ZOnboardingItem = z.object({
  documentId: z.string(),
  name: z.string(),
  description: z.string(),
  required: z.boolean(),
  fileTypes: z.array(z.enum(OnboardingFileTypes)),
  state: z.enum(OnboardingDocumentStates),
  /** The latest upload (a file of the files API), null while missing. */
  fileId: z.string().nullable(),
  filename: z.string().nullable(),
  uploadedAt: z.string().nullable(),
  reviewer: ZUserRef.nullable(),
  reviewedAt: z.string().nullable(),
  /** The reviewer's note (why it needs changes); empty when none. */
  note: z.string(),
});
export type TOnboardingItem = z.infer<typeof ZOnboardingItem>;

export const ZOfferOnboarding = z.object({
  /** The accepted (or joined) offer; null when the application has none (no documents then). */
  offerId: z.string().nullable(),
  offerStatus: z.enum(OfferStatuses).nullable(),
  documents: z.array(ZOnboardingItem),
  /** Whether the caller may accept or ask again (the job's owners, hiring manager, admins). */
  canReview: z.boolean(),
});
export type TOfferOnboarding = z.infer<typeof ZOfferOnboarding>;

export const OnboardingReviewDecisions = ['accept', 'ask_again'] as const;
export const ZReviewOnboardingDocumentRequest = z
  .object({
    decision: z.enum(OnboardingReviewDecisions, { error: 'must be accept or ask_again' }),
    note: zMultilineText().trim().max(OnboardingLimits.noteMax, { error: 'is too long' }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'ask_again' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'is required when you ask for the document again (the new hire is told what to change)' });
  });
export type TReviewOnboardingDocumentRequest = z.input<typeof ZReviewOnboardingDocumentRequest>;
